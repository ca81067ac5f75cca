// English strings of the price alerts (issue 18): the list of the investor's alerts and the sheet
// that sets one from a quote page. Spread into en.ts; nl.ts and zh-Hans.ts mirror them. The
// server's refusals (the limit, a level already reached, the tick) come from the contract.
export const alertsEn = {
  alerts: {
    button: 'Set a price alert',
    tabs: { waiting: 'Waiting', triggered: 'Triggered' },
    tabsLabel: 'Alerts by state',
    kinds: { price: 'Price', change: 'Day change', ma: 'Moving average' },
    directions: {
      price: { above: 'At or above', below: 'At or below' },
      change: { above: 'Up by', below: 'Down by' },
      ma: { above: 'Crosses above', below: 'Crosses below' },
    },
    describe: {
      price: '{{direction}} {{level}} {{currency}}',
      change: '{{direction}} {{percent}}% in the day',
      ma: '{{direction}} MA{{period}} of {{interval}}',
    },
    intervals: { '1m': '1-minute candles', '1d': 'daily candles' },
    status: { active: 'Active', paused: 'Paused', triggered: 'Triggered' },
    triggered: 'Triggered at {{price}} {{currency}}, {{time}}',
    triggeredMa: 'Average then: {{value}}',
    triggeredChange: 'Change then: {{value}}',
    created: 'Set {{time}}',
    pause: 'Pause',
    resume: 'Resume',
    delete: 'Delete',
    deleteQuestion: 'Delete this alert?',
    deleted: 'Alert deleted',
    paused: 'Alert paused',
    resumed: 'Alert resumed',
    count: '{{active}} of {{limit}} active',
    empty: {
      waiting: 'No alerts yet',
      waitingBody: 'Open a quote and tap the bell to be told when its price moves.',
      triggered: 'Nothing has triggered yet',
      triggeredBody: 'An alert that fires stays here with the price that set it off.',
    },
    sheet: {
      title: 'Price alert · {{name}}',
      kind: 'Alert on',
      direction: 'When the price is',
      level: 'Price ({{currency}})',
      levelHint: 'Now {{price}}, in steps of {{tick}}',
      percent: 'Change in the day (%)',
      percentHint: 'Today {{change}}',
      period: 'Candles in the average',
      periodHint: 'From 2 to 200',
      interval: 'Candles',
      submit: 'Set alert',
      done: 'Alert set: you will be told once',
      list: 'My alerts',
      note: 'An alert fires once, on the first price that meets it, and then shows under Triggered.',
    },
  },
};
export type AlertsMessages = typeof alertsEn;
