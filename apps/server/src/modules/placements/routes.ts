import type { HandlersOf } from '../../http/register';
import type { PlacementService } from './service';

export function placementsHandlers(
  placements: PlacementService,
): HandlersOf<
  | 'saleList'
  | 'getSaleTime'
  | 'placementCheckSecret'
  | 'placementsUnlocked'
  | 'placementBuy'
  | 'placementOrders'
  | 'placingFlatCount'
  | 'operatorPlacementFloor'
  | 'operatorPlacements'
  | 'operatorPlacementCreate'
  | 'operatorPlacement'
  | 'operatorPlacementClose'
  | 'operatorPlacementIssueKey'
  | 'operatorPlacementRevokeKey'
> {
  const by = (caller: { id: number } | null, ip: string) => ({ operatorId: caller!.id, ip });
  return {
    saleList: ({ input, caller }) => placements.saleList(input, caller?.id ?? null),
    getSaleTime: ({ input }) => placements.saleTime(input.symbol),
    placementCheckSecret: ({ input, caller }) => placements.checkSecret(caller!.id, input.key),
    placementsUnlocked: ({ caller }) => placements.unlocked(caller!.id),
    placementBuy: ({ input, caller, idempotencyKey }) => placements.buy(caller!.id, input, idempotencyKey),
    placementOrders: ({ input, caller }) => placements.orders(caller!.id, input.page, input.size),
    placingFlatCount: ({ input, caller }) => placements.flatCount(caller!.id, input),
    operatorPlacementFloor: async ({ input }) => placements.floor(input.symbol),
    operatorPlacements: ({ input }) => placements.list(input.state, input.page, input.size),
    operatorPlacementCreate: ({ input, caller, req }) => placements.create(by(caller, req.ip), input),
    operatorPlacement: ({ params }) => placements.detail(params.id),
    operatorPlacementClose: ({ params, input, caller, req }) => placements.close(by(caller, req.ip), params.id, input.reason),
    operatorPlacementIssueKey: ({ params, input, caller, req }) => placements.issueKey(by(caller, req.ip), params.id, input.investor),
    operatorPlacementRevokeKey: ({ params, input, caller, req }) => placements.revokeKey(by(caller, req.ip), params.id, input.reason),
  };
}
