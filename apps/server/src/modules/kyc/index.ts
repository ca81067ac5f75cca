// The kyc module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { requireVerifiedKyc } from './service';
export { kycModule } from './plugin';
