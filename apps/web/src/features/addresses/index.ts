export { addressesQuery, type CryptoAddress } from './api';
