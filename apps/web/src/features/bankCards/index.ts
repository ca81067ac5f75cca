export { bankCardKeys, cardsQuery, type BankCard } from './api';
