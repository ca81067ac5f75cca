-- What trading fixes at the open and what a partial close hands on (decision 0015, "Rounding" and
-- "Liquidation").
--
-- open_rate: units of the wallet's currency per unit of the instrument's at which the margin was
-- set (the order's placement). The liquidation price is placed with it, so it stays where it was
-- while nothing about the position changes; null on rows older than this column (they keep
-- following the live rate).
--
-- parts_profit, parts_fee: the unrounded profit and closing fee of the parts already closed off
-- an open row. The next close rounds on top of these running totals, so closing in pieces books
-- to the cent what one close would. Unconstrained numeric: the sums are exact.

alter table positions add column open_rate numeric check (open_rate > 0);
alter table positions add column parts_profit numeric not null default 0;
alter table positions add column parts_fee numeric not null default 0 check (parts_fee >= 0);
