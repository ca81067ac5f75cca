// Wiring in app.ts: ...addressesHandlers(createAddressService(db)),
import type { HandlersOf } from '../../http/register';
import type { AddressService } from './service';

export function addressesHandlers(addresses: AddressService): HandlersOf<'addressList' | 'addressSave' | 'addressDelete'> {
  return {
    addressList: ({ caller }) => addresses.list(caller!.id),
    addressSave: ({ input, caller }) => addresses.save(caller!.id, input),
    addressDelete: ({ input, caller }) => addresses.remove(caller!.id, input.id),
  };
}
