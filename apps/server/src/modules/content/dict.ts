import {
  AccountType,
  ARTICLE_CATEGORIES,
  BILL_TYPES,
  DICT_TYPES,
  FundsReviewStatus,
  IdDocumentType,
  KycStatus,
  MarketSource,
  OpenClose,
  OrderDirection,
  OrderStatus,
  OrderType,
  ReviewStatus,
  TransactionStatus,
  translate,
  WalletCode,
  type ArticleCategory,
  type DictType,
  type Locale,
} from '@tradeapp/contract';

// Labels of the codes the app shows, per language. Each table is keyed by the enum's own member
// names, so a code added to the contract without a label here does not compile.

type Labels = Record<Locale, string>;
type LabelsOf<E extends Record<string, string | number>> = Record<keyof E, Labels>;

const l = (en: string, nl: string, zh_Hans_CN: string): Labels => ({ en, nl, zh_Hans_CN });

const accountType: LabelsOf<typeof AccountType> = {
  Individual: l('Individual', 'Particulier', '个人'),
  Company: l('Company', 'Zakelijk', '企业'),
};

const orderDirection: LabelsOf<typeof OrderDirection> = {
  Buy: l('Buy', 'Kopen', '买入'),
  Sell: l('Sell', 'Verkopen', '卖出'),
};

const orderType: LabelsOf<typeof OrderType> = {
  Market: l('Market', 'Markt', '市价'),
  Limit: l('Limit', 'Limiet', '限价'),
};

const openClose: LabelsOf<typeof OpenClose> = {
  Open: l('Open', 'Openen', '开仓'),
  Close: l('Close', 'Sluiten', '平仓'),
};

const orderStatus: LabelsOf<typeof OrderStatus> = {
  WaitingConfirmation: l('Waiting for confirmation', 'Wacht op bevestiging', '待确认'),
  InProgress: l('In progress', 'Lopend', '进行中'),
  ToBeSettled: l('To be settled', 'Te verrekenen', '待结算'),
  Settled: l('Settled', 'Verrekend', '已结算'),
  Cancelled: l('Cancelled', 'Geannuleerd', '已撤销'),
};

const transactionStatus: LabelsOf<typeof TransactionStatus> = {
  InProgress: l('In progress', 'In behandeling', '进行中'),
  Success: l('Success', 'Geslaagd', '成功'),
  Cancelled: l('Cancelled', 'Geannuleerd', '已取消'),
  Processing: l('Processing', 'Wordt verwerkt', '处理中'),
};

const reviewStatus: LabelsOf<typeof ReviewStatus> = {
  Pending: l('Pending review', 'In beoordeling', '待审核'),
  Failed: l('Rejected', 'Afgewezen', '未通过'),
  Passed: l('Approved', 'Goedgekeurd', '已通过'),
};

const kycStatus: LabelsOf<typeof KycStatus> = {
  NotSubmitted: l('Not submitted', 'Niet ingediend', '未提交'),
  UnderReview: l('Under review', 'In beoordeling', '审核中'),
  Unsuccessful: l('Unsuccessful', 'Niet gelukt', '未通过'),
  Verified: l('Verified', 'Geverifieerd', '已认证'),
};

const fundsReviewStatus: LabelsOf<typeof FundsReviewStatus> = {
  PendingReview: l('Pending review', 'In beoordeling', '待审核'),
  AuditFailure: l('Audit failure', 'Afgekeurd', '审核失败'),
  Completed: l('Completed', 'Voltooid', '已完成'),
};

const idType: LabelsOf<typeof IdDocumentType> = {
  IdCard: l('ID card', 'Identiteitskaart', '身份证'),
  Passport: l('Passport', 'Paspoort', '护照'),
  DriverLicense: l('Driving licence', 'Rijbewijs', '驾驶证'),
};

const marketSource: LabelsOf<typeof MarketSource> = {
  Stock: l('Stocks', 'Aandelen', '股票'),
  Forex: l('Forex', 'Forex', '外汇'),
  Future: l('Futures', 'Futures', '期货'),
  BlockTrade: l('Block trades', 'Blokhandel', '大宗交易'),
  NewStock: l('New issues', 'Nieuwe emissies', '新股申购'),
  AuctionStock: l('Pre-market stocks', 'Voorbeurs-aandelen', '盘前竞价股'),
  PlacingStock: l('Placings', 'Plaatsingen', '配售股'),
  HKStock: l('Hong Kong stocks', 'Hongkongse aandelen', '港股'),
  GlobalIndex: l('Global indices', 'Wereldwijde indices', '全球指数'),
  RobotCrypto: l('Crypto robots', 'Cryptorobots', '加密货币机器人'),
  Bonds: l('Bonds', 'Obligaties', '债券'),
  AiQuantify: l('AI quant', 'AI-kwant', 'AI量化'),
};

const billType: Record<(typeof BILL_TYPES)[number], Labels> = {
  deposit: l('Deposit', 'Storting', '充值'),
  withdrawal: l('Withdrawal', 'Opname', '提现'),
  'withdrawal.hold': l('Withdrawal held', 'Opname gereserveerd', '提现冻结'),
  'withdrawal.release': l('Withdrawal returned', 'Opname teruggeboekt', '提现退回'),
  transfer: l('Transfer', 'Overboeking', '划转'),
  'transfer.hold': l('Transfer held', 'Overboeking gereserveerd', '划转冻结'),
  'transfer.settle': l('Transfer settled', 'Overboeking afgewikkeld', '划转结算'),
  'transfer.cancel': l('Transfer cancelled', 'Overboeking geannuleerd', '划转取消'),
  reversal: l('Reversal', 'Terugboeking', '冲正'),
  'order.hold': l('Order margin held', 'Ordermarge gereserveerd', '委托保证金冻结'),
  'order.release': l('Order margin released', 'Ordermarge vrijgegeven', '委托保证金解冻'),
  'order.open': l('Position opened', 'Positie geopend', '开仓'),
  'position.close': l('Position closed', 'Positie gesloten', '平仓'),
  'position.margin': l('Margin added', 'Marge toegevoegd', '追加保证金'),
  'position.liquidate': l('Position liquidated', 'Positie geliquideerd', '强制平仓'),
  'deal.subscribe': l('IPO subscription held', 'IPO-inschrijving gereserveerd', '新股认购冻结'),
  'deal.release': l('IPO offer released', 'IPO-bod vrijgegeven', '新股认购解冻'),
  'deal.hold': l('IPO offer held again', 'IPO-bod opnieuw gereserveerd', '新股认购重新冻结'),
  'deal.allot': l('IPO shares allotted', 'IPO-aandelen toegewezen', '新股中签扣款'),
  'deal.refund': l('IPO subscription refunded', 'IPO-inschrijving terugbetaald', '新股认购退款'),
  'deal.cancel': l('IPO deal cancelled, refunded', 'IPO geannuleerd, terugbetaald', '新股发行取消退款'),
  'agency.capital': l('Agency capital', 'Startkapitaal beheerder', '机构初始资金'),
  'follow.start': l('Follow started', 'Volgorder gestart', '跟单开始'),
  'follow.add': l('Money added to a follow', 'Geld toegevoegd aan volgorder', '跟单追加'),
  'follow.copy': l('Copy opened from a follow', 'Kopie geopend uit volgorder', '跟单复制开仓'),
  'follow.return': l('Copy closed, back to the follow', 'Kopie gesloten, terug naar volgorder', '跟单复制平仓回款'),
  'follow.stop': l('Follow ended, money returned', 'Volgorder beëindigd, geld terug', '跟单结束退款'),
  'follow.migrate': l('Euro balance moved to funding', 'Eurosaldo naar financieringsrekening', '欧元余额转回资金账户'),
  'robot.start': l('Robot started', 'Robot gestart', '机器人启动'),
  'robot.rent': l('Robot rent', 'Robothuur', '机器人租金'),
  'robot.buy': l('Robot bought', 'Robot gekocht', '购买机器人'),
  'robot.fund': l('Robot fill paid', 'Robottransactie betaald', '机器人成交付款'),
  'robot.return': l('Robot sale, back to the robot', 'Robotverkoop, terug naar robot', '机器人卖出回款'),
  'robot.stop': l('Robot redeemed, money returned', 'Robot afgelost, geld terug', '机器人赎回退款'),
  'pool.capital': l('Pool capital', 'Poolkapitaal', '资金池本金'),
  'pool.hold': l('Pool subscription held', 'Poolinschrijving gereserveerd', '资金池申购冻结'),
  'pool.release': l('Pool subscription withdrawn', 'Poolinschrijving ingetrokken', '资金池申购撤回'),
  'pool.subscribe': l('Pool subscription', 'Poolinschrijving', '资金池申购'),
  'pool.redeem': l('Pool redemption', 'Pooluitkering', '资金池赎回'),
  'pool.fee': l('Pool management fee', 'Poolbeheervergoeding', '资金池管理费'),
  'fund.hold': l('Fund purchase held', 'Fondsaankoop gereserveerd', '基金申购冻结'),
  'fund.buy': l('Fund units allotted', 'Fondseenheden toegekend', '基金份额确认'),
  'fund.redeem': l('Fund redemption paid', 'Fondsverkoop uitbetaald', '基金赎回到账'),
  'fund.exitLoad': l('Fund exit load', 'Uitstapvergoeding fonds', '基金赎回费'),
  'deposit.income': l('Deposit daily income', 'Dagelijkse opbrengst deposito', '存款每日收益'),
  'deposit.interest': l('Deposit interest', 'Depositorente', '存款利息'),
  'deposit.penalty': l('Early redemption penalty', 'Boete vervroegde opname', '提前赎回违约金'),
  'bond.buy': l('Bond bought', 'Obligatie gekocht', '买入债券'),
  'bond.sell': l('Bond sold', 'Obligatie verkocht', '卖出债券'),
  'bond.coupon': l('Bond coupon', 'Obligatiecoupon', '债券票息'),
  'bond.redeem': l('Bond redeemed at par', 'Obligatie afgelost tegen pari', '债券到期按面值兑付'),
  'loan.disburse': l('Loan disbursed', 'Lening uitbetaald', '贷款放款'),
  'loan.repay': l('Loan repayment', 'Aflossing lening', '贷款还款'),
};

const articleCategory: Record<ArticleCategory, Labels> = {
  news: l('News', 'Nieuws', '新闻'),
  guide: l('Guides', 'Handleidingen', '指南'),
  legal: l('Legal', 'Juridisch', '法律文件'),
};

/** Enum member names to wire codes, in declaration order. */
const entriesOf = <E extends Record<string, string | number>>(e: E, labels: LabelsOf<E>) =>
  (Object.keys(e) as Array<keyof E>).map((name) => ({ value: String(e[name]), labels: labels[name] }));

const capitalise = (text: string, locale: Locale) => text.charAt(0).toLocaleUpperCase(locale.replace(/_/g, '-')) + text.slice(1);

// Wallet names already live in messages.ts (the server uses them in notices); a label starts upper case.
const walletLabels = (code: WalletCode): Labels => ({
  en: capitalise(translate('en', `w.${code}`), 'en'),
  nl: capitalise(translate('nl', `w.${code}`), 'nl'),
  zh_Hans_CN: translate('zh_Hans_CN', `w.${code}`),
});

const TABLE: Record<DictType, Array<{ value: string; labels: Labels }>> = {
  accountType: entriesOf(AccountType, accountType),
  orderDirection: entriesOf(OrderDirection, orderDirection),
  orderType: entriesOf(OrderType, orderType),
  openClose: entriesOf(OpenClose, openClose),
  orderStatus: entriesOf(OrderStatus, orderStatus),
  transactionStatus: entriesOf(TransactionStatus, transactionStatus),
  reviewStatus: entriesOf(ReviewStatus, reviewStatus),
  kycStatus: entriesOf(KycStatus, kycStatus),
  fundsReviewStatus: entriesOf(FundsReviewStatus, fundsReviewStatus),
  idType: entriesOf(IdDocumentType, idType),
  billType: BILL_TYPES.map((value) => ({ value, labels: billType[value] })),
  walletCode: Object.values(WalletCode).map((value) => ({ value, labels: walletLabels(value) })),
  marketSource: entriesOf(MarketSource, marketSource),
  articleCategory: ARTICLE_CATEGORIES.map((value) => ({ value, labels: articleCategory[value] })),
};

export interface DictItem {
  type: DictType;
  value: string;
  label: string;
  sort: number;
}

const cache = new Map<Locale, DictItem[]>();

/** Every label of the given types (all types when none) in one language, in each type's code order. */
export function dictionary(locale: Locale, types?: readonly DictType[]): DictItem[] {
  let all = cache.get(locale);
  if (!all) {
    all = DICT_TYPES.flatMap((type) => TABLE[type].map((e, i) => ({ type, value: e.value, label: e.labels[locale], sort: i + 1 })));
    cache.set(locale, all);
  }
  if (!types?.length) return all;
  const wanted = new Set(types);
  return all.filter((item) => wanted.has(item.type));
}
