export { tradingKeys } from './keys';
