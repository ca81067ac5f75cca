export { KYC_BADGE, KYC_LABEL } from './kyc';
