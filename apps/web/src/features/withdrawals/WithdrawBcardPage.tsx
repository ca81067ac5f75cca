import { WithdrawPage } from './WithdrawPage';

/** /pages/withdraw/bcard: withdraw to one of the user's bank cards. */
export default function WithdrawBcardPage() {
  return <WithdrawPage target="bank" />;
}
