/** setFromWrite: a read in flight when a write answers never overwrites the write's state. */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { setFromWrite } from './write-answer';

/** A read whose answer the test releases by hand. */
function heldRead<T>() {
  let release!: (value: T) => void;
  const answer = new Promise<T>((resolve) => (release = resolve));
  return { queryFn: () => answer, release };
}

const KEY = ['session', 'favourites', 'clinic'];

describe('setFromWrite', () => {
  it('a refetch in flight when the write answers does not land on top of the write (favourites)', async () => {
    const client = new QueryClient();
    client.setQueryData(KEY, { codes: ['SA0101'] });
    const stale = heldRead<{ codes: string[] }>();
    const refetch = client.fetchQuery({ queryKey: KEY, queryFn: stale.queryFn, staleTime: 0 }).catch(() => undefined);
    await setFromWrite<{ codes: string[] }>(client, KEY, (old) => ({ codes: [...old.codes, 'SA0105'] }));
    stale.release({ codes: ['SA0101'] }); // what the server had before the write
    await refetch;
    expect(client.getQueryData(KEY)).toEqual({ codes: ['SA0101', 'SA0105'] });
  });

  it('a value replaces a balance read in flight (exchange receipt)', async () => {
    const client = new QueryClient();
    const stale = heldRead<number>();
    const first = client.fetchQuery({ queryKey: ['session', 'points'], queryFn: stale.queryFn }).catch(() => undefined);
    await setFromWrite(client, ['session', 'points'], 2880);
    stale.release(3000);
    await first;
    expect(client.getQueryData(['session', 'points'])).toBe(2880);
  });

  it('with no read arrived yet, a derived state is read again instead of guessed from nothing', async () => {
    const client = new QueryClient();
    let server = { codes: ['SA0101'] };
    const first = heldRead<{ codes: string[] }>();
    let reads = 0;
    // A toggle on the page: the first read is held (it left before the write); a later one reads the server.
    const observer = new QueryObserver(client, {
      queryKey: KEY,
      queryFn: () => (++reads === 1 ? first.queryFn() : Promise.resolve(server)),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    server = { codes: ['SA0101', 'SA0105'] }; // the write lands on the server
    await setFromWrite<{ codes: string[] }>(client, KEY, (old) => ({ codes: [...old.codes, 'SA0105'] }));
    first.release({ codes: ['SA0101'] });
    await client.getQueryCache().find({ queryKey: KEY })?.promise;
    expect(client.getQueryData(KEY)).toEqual({ codes: ['SA0101', 'SA0105'] });
    expect(reads).toBe(2);
    unsubscribe();
  });

  it('leaves other keys alone', async () => {
    const client = new QueryClient();
    client.setQueryData(['session', 'member'], { name: '张' });
    await setFromWrite(client, ['session', 'points'], 10);
    expect(client.getQueryData(['session', 'member'])).toEqual({ name: '张' });
  });
});
