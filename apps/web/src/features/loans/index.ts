// What other features use of the loans (decision 0022): their query keys, which a pushed approval,
// refusal or overdue notice asks for again.
export { loanKeys } from './keys';
