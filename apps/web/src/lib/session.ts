import type { UserInfo } from '@tradeapp/contract';
import { readStorage, StorageKey, writeStorage } from './storage';

// The session is the token kept locally: with no token the user is logged out (spec section 4).

type Listener = () => void;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  const token = readStorage(StorageKey.token);
  return token && token.length > 0 ? token : null;
}

export function isSignedIn(): boolean {
  return getToken() !== null;
}

export function getStoredUser(): UserInfo | null {
  const raw = readStorage(StorageKey.userInfo);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as UserInfo;
  } catch {
    return null;
  }
}

export function storeUser(user: UserInfo): void {
  writeStorage(StorageKey.userInfo, JSON.stringify(user));
}

export function startSession(token: string, user: UserInfo): void {
  writeStorage(StorageKey.token, token);
  storeUser(user);
  emit();
}

export function clearSession(): void {
  writeStorage(StorageKey.token, null);
  writeStorage(StorageKey.userInfo, null);
  emit();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
