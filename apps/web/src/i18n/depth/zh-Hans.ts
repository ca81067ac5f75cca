import type { DepthMessages } from './en';

export const depthZhHans: DepthMessages = {
  depth: {
    title: '盘口',
    tabs: { book: '十档', trades: '逐笔成交' },
    tabsLabel: '十档或逐笔成交',
    bid: '买',
    ask: '卖',
    price: '价格',
    size: '数量',
    time: '时间',
    side: '方向',
    buy: '买入',
    sell: '卖出',
    bidLevel: '买{{level}}：{{price}}，{{size}}',
    askLevel: '卖{{level}}：{{price}}，{{size}}',
    totals: '十档合计：买 {{bids}} · 卖 {{asks}}',
    note: '模拟数据：盘口和成交由行情模拟围绕其报价生成，并非来自交易所。',
    closed: '休市中：显示最后报价时的盘口和上一交易时段的成交，开市前不会成交。',
    noBook: '尚无买卖挂单：盘口将在首个交易时段开启。',
    noTrades: '暂无成交。',
    failed: '盘口加载失败。',
    asOf: '截至 {{time}} {{zone}}',
  },
};
