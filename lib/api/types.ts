/**
 * App-side shapes shared by every lib/api module. Wire names (PascalCase,
 * ErrorNo...) never pass this layer: each module reshapes them privately.
 */
import type { CallArgs, EndpointPath, ResultOf } from '@/lib/contract';

/** One page of a list. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Access and refresh tokens as the API issues them (SPEC §3 Session). */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires, when the API says. */
  expiresIn?: number;
}

/**
 * Where a caller keeps its tokens: cookies for a member's browser session
 * (lib/session), memory in tests. The token lifecycle of SPEC §8 reads and
 * writes through this.
 */
export interface TokenStore {
  getAccessToken(): string | null | Promise<string | null>;
  getRefreshToken(): string | null | Promise<string | null>;
  /** Saves a refreshed or new pair. */
  save(tokens: TokenPair): void | Promise<void>;
  /** SPEC §8 4003/4001/4004: forget the member's tokens. */
  clear(): void | Promise<void>;
}

/**
 * A client that calls on behalf of one person, with their token and the SPEC §8
 * lifecycle (4002 refresh-and-replay, 4003/4001/4004 reset, 4029 limits).
 * Member modules of lib/api take one of these as their first argument.
 */
export interface AuthedClient {
  /** A call of the endpoint table (lib/contract/endpoints.ts): its fields and Result are the path's. */
  post<P extends EndpointPath>(path: P, ...args: CallArgs<P, { write?: boolean }>): Promise<ResultOf<P>>;
}
