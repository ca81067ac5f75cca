import { WithdrawPage } from './WithdrawPage';

/** /pages/withdraw/vm: withdraw to one of the user's digital currency addresses. */
export default function WithdrawVmPage() {
  return <WithdrawPage target="crypto" />;
}
