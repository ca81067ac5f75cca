// Every statement of funds and deposit terms on `fund_products`, `fund_weights`, `fund_navs`,
// `deposit_incomes`, `fund_holdings`, `fund_orders`, `fund_order_lots` and `deposit_accruals`
// (migration 0019). Days are epoch ms (bigint, read as numbers); money and units decimal strings.
// One file per table or pair of tables under repository/; this path keeps `import * as repo from './repository'`.

export * from './repository/products';
export * from './repository/navs';
export * from './repository/incomes';
export * from './repository/holdings';
export * from './repository/orders';
