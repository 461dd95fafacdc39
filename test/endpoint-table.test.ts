/**
 * The endpoint table binds both sides of the contract (lib/contract/endpoints.ts, docs/architecture.md "The endpoint
 * table"): a wire field renamed or retyped on either side fails `tsc`. `npm run typecheck` covers this file: every
 * `@ts-expect-error` below marks a deliberately wrong fixture, and tsc fails if the line is NOT an error (an unused
 * directive), so a table that stopped binding a side would fail the typecheck. The runtime part calls the embedded
 * backend through the typed client and reads the Result by the table's names.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { post as clientPost } from '@/lib/api/client';
import type { AuthedClient } from '@/lib/api/types';
import { optionalInt, paging } from '@/lib/backend/fields';
import { phoneField } from '@/lib/backend/handlers/auth-support';
import { readDoctorFilters } from '@/lib/backend/handlers/doctor-filters';
import type { EndpointMap } from '@/lib/backend/types';
import type { FieldsOf, ResultOf, WireDoctor, WireList, WireNews, WireSaleType, WireTokens } from '@/lib/contract';
import { installTestBackend, type TestBackend } from './test-backend';

type Post = typeof clientPost;

/** (a) The client side: a call sends the table's fields for its path, and only its paths. */
export function clientSendsTheTablesFields(post: Post, member: AuthedClient) {
  void post('News/GetNewList', { keyword: '针灸', PageIndex: 1 });
  // @ts-expect-error News/GetNewList's keyword is 'keyword' (or 'Keyword'): a renamed field fails.
  void post('News/GetNewList', { KeyWord: '针灸' });
  // @ts-expect-error a field of the wrong type (PageIndex is a number) fails.
  void post('News/GetNewList', { PageIndex: [1] });
  // @ts-expect-error ExchangeGoods requires its IdempotencyKey: a call without it fails.
  void post('PointsMall/ExchangeGoods', { SN: 'PG0001' }, { write: true });
  // @ts-expect-error a path that is not in the table (a typo of News/GetNewList) fails.
  void post('News/GetNewsList', {});
  // @ts-expect-error the member client is typed by the same table.
  void member.post('HIS_Register/GetRegister', { RegisterNo: 'R1', registerNo: 'R1' });
}

/** (b) The client side: a Result is read by the table's names. */
export async function clientReadsTheTablesResult(post: Post) {
  const page = await post('News/GetNewList', { PageIndex: 1 });
  void page.DataList[0]?.Title;
  // @ts-expect-error the list is DataList: a renamed result field fails.
  void page.Datalist;
  const doctor = await post('TW_User/GetDoctorSingle', { AppointmentCode: 'D100001' });
  // @ts-expect-error a doctor's name is DoctorName.
  void doctor.ReturnObject.Name;
  // @ts-expect-error PraiseRate is a number, not a string.
  doctor.ReturnObject.PraiseRate.toUpperCase();
}

/**
 * (c) The backend side: a handler registered for a path returns that path's Result, with the table's access, and
 * reads the table's fields. One group per fixture, so that each wrong line is the only error of its object.
 */
export const rightHandler: EndpointMap = {
  'TW_Org/GetSaleType': {
    access: 'public',
    handle: () => ({ DataList: [{ SaleTypeID: 1, SaleTypeName: '门诊部' }], TotalCount: 1 }),
  },
};
export const renamedResultField: EndpointMap = {
  'AuthenticationCenter/RndVcodeAudio': {
    access: 'public',
    // @ts-expect-error a handler returning a renamed field (Audio as Sound) fails.
    handle: () => ({ Sound: 'data:audio/wav;base64,' }),
  },
};
export const retypedResultField: EndpointMap = {
  'News/GetTW_Notice': {
    access: 'public',
    // @ts-expect-error a handler returning a retyped field (PublishTime as a Date) fails.
    handle: () => ({ DataList: [{ ID: 1, Title: '通知', NewsID: null, PublishTime: new Date() }], TotalCount: 1, PageIndex: 1, PageSize: 6 }),
  },
};
export const wrongAccess: EndpointMap = {
  'VIP_Member/GetVIPMember': {
    // @ts-expect-error a member endpoint registered as public fails.
    access: 'public',
    handle: () => {
      throw new Error('not called');
    },
  },
};
export const readsRenamedField: EndpointMap = {
  'News/GetTW_MatrixDetail': {
    access: 'public',
    handle: ({ fields }) => {
      optionalInt(fields, 'TypeID', '账号类型');
      // @ts-expect-error a handler reading a field the table does not name (TypeID as TypeId) fails.
      optionalInt(fields, 'TypeId', '账号类型');
      return { DataList: [], TotalCount: 0, PageIndex: 1, PageSize: 0 };
    },
  },
};
export const pagesWithoutPagingFields: EndpointMap = {
  'News/GetTW_MatrixDetail': {
    access: 'public',
    handle: ({ fields }) => {
      // @ts-expect-error paging reads PageIndex and PageSize: an endpoint whose table entry has neither fails.
      const page = paging(fields);
      return { DataList: [], TotalCount: 0, PageIndex: page.pageIndex, PageSize: page.pageSize };
    },
  },
};
export const readsAPhoneNotSent: EndpointMap = {
  'AuthenticationCenter/PcWechatLogin': {
    access: 'public',
    handle: ({ fields }) => {
      // @ts-expect-error phoneField reads Phone, which PcWechatLogin's table entry does not send.
      phoneField(fields);
      return { access_token: '' };
    },
  },
};
export const sharedReaderOfFieldsNotSent: EndpointMap = {
  'TW_User/GetDoctorSingle': {
    access: 'public',
    handle: ({ fields }) => {
      // @ts-expect-error readDoctorFilters reads the finder's filters (Department, Date…), which a doctor's page does not send.
      readDoctorFilters(fields);
      return { ReturnObject: {} as WireDoctor };
    },
  },
};
export const unknownPath: EndpointMap = {
  // @ts-expect-error a handler for a path the table does not have fails.
  'TW_Org/GetOrgLists': { access: 'public', handle: () => null },
};

describe('the endpoint table', () => {
  it('names each path’s fields and Result as the wire types', () => {
    expectTypeOf<ResultOf<'News/GetNewList'>>().toEqualTypeOf<WireList<WireNews>>();
    expectTypeOf<ResultOf<'TW_User/GetDoctorSingle'>>().toEqualTypeOf<{ ReturnObject: WireDoctor }>();
    expectTypeOf<ResultOf<'AuthenticationCenter/PcPwdLogin'>>().toEqualTypeOf<WireTokens>();
    expectTypeOf<FieldsOf<'AuthenticationCenter/PcPwdLogin'>>().toEqualTypeOf<{ Phone: string; Password: string } & { Proof?: string }>();
    expectTypeOf<ResultOf<'TW_Org/GetSaleType'>['DataList'][number]>().toEqualTypeOf<WireSaleType>();
  });

  describe('over the embedded backend', () => {
    let test: TestBackend;
    beforeAll(() => {
      // No API host: lib/api reaches this test's embedded backend in-process (lib/api/transport.ts).
      delete process.env.API_BASE_URL;
      test = installTestBackend();
    });
    afterAll(() => test.close());

    it('the typed client reads the Result by the table’s names', async () => {
      const { post } = await import('@/lib/api/client');
      const types = await post('TW_Org/GetSaleType');
      expect(types.TotalCount).toBe(types.DataList.length);
      expect(types.DataList.length).toBeGreaterThan(0);
      for (const t of types.DataList) {
        expect(typeof t.SaleTypeID).toBe('number');
        expect(t.SaleTypeName).not.toBe('');
      }
    });
  });
});
