// The kyc module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { kycHandlers } from './routes';
export { createKycService, requireVerifiedKyc } from './service';
