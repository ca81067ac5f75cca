-- The portfolio reads each fund holding's allotment (its buy order's done_at) by holding: without an
-- index that is a scan of every investor's orders for each holding (issue 32).
create index fund_orders_holding on fund_orders (holding_id) where holding_id is not null;
