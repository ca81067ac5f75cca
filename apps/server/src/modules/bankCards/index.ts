// The bankCards module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { findBankCard } from './service';
export { bankCardsModule } from './plugin';
