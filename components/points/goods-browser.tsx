import { EmptyState } from '@/components/ui/empty-state';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { Pagination } from '@/components/ui/pagination';
import { POINTS_GOODS_SORTS, type PointsGoodsPage, type PointsGoodsSort } from '@/lib/api/points';
import { GoodsCard } from './goods-card';

export interface GoodsListState {
  sort: PointsGoodsSort;
  category: string;
  page: number;
}

/**
 * The points goods with their sort, category and page in the URL (SPEC §2 member services:
 * lists sorted and paged in the URL), shared by /integralChage and /onlineMall.
 */
export function GoodsBrowser({
  data,
  state,
  hrefFor,
}: {
  data: PointsGoodsPage;
  state: GoodsListState;
  hrefFor: (state: GoodsListState) => string;
}) {
  const categoryOptions = [{ value: '', label: '全部' }, ...data.categories.map((c) => ({ value: c, label: c }))];
  return (
    <section aria-labelledby="goods-heading" className="space-y-6">
      <h2 id="goods-heading" className="sr-only">
        积分商品
      </h2>
      <div className="space-y-3 rounded-xl border border-stone-200 bg-white p-4">
        <FilterTabs
          label="分类"
          options={categoryOptions}
          current={state.category}
          hrefFor={(category) => hrefFor({ ...state, category, page: 1 })}
        />
        <FilterTabs
          label="排序"
          options={POINTS_GOODS_SORTS}
          current={state.sort}
          hrefFor={(sort) => hrefFor({ ...state, sort: sort as PointsGoodsSort, page: 1 })}
        />
      </div>
      {data.items.length === 0 ? (
        <EmptyState title="暂无可兑换的商品" hint="换个分类看看吧" />
      ) : (
        <ul className="grid grid-cols-4 gap-5">
          {data.items.map((g) => (
            <GoodsCard key={g.sn} goods={g} />
          ))}
        </ul>
      )}
      <Pagination
        page={data.page}
        pageSize={data.pageSize}
        total={data.total}
        hrefFor={(page) => hrefFor({ ...state, page })}
      />
    </section>
  );
}

/** The list state of the URL, or null when malformed (the page answers 404). */
export function parseGoodsListState(
  sortRaw: string | undefined | null,
  categoryRaw: string | undefined | null,
  page: number | null,
): GoodsListState | null {
  if (sortRaw === null || categoryRaw === null || page === null) return null;
  const sort = POINTS_GOODS_SORTS.find((s) => s.value === (sortRaw ?? ''))?.value;
  if (sort === undefined) return null;
  return { sort, category: categoryRaw ?? '', page };
}

/** The URL query of a list state, defaults left out so canonical links stay short. */
export function goodsListQuery(state: GoodsListState) {
  return {
    sort: state.sort || undefined,
    category: state.category || undefined,
    page: state.page > 1 ? state.page : undefined,
  };
}
