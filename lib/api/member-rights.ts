import 'server-only';
/** VIP_Member rights (SPEC §7 GetSysMemberRightsList, GetSysMemberRights): public and cached. */
import { REVALIDATE, CACHE_TAGS, cachedRead } from './cache';
import { isApiError } from './errors';
import { publicRead } from './public';
import { isMissing, type WireLevel, type WireRight } from '@/lib/contract';

export interface CardLevel {
  level: number;
  name: string;
  thresholdPoints: number;
  discount: string;
  summary: string;
  color: string;
}

export interface MemberRight {
  id: number;
  title: string;
  icon: string;
  summary: string;
  content: string;
  /** What the right gives at each card level ('' = not at that level). */
  benefits: { level: number; levelName: string; benefit: string }[];
}

export interface MemberRightsCatalogue {
  levels: CardLevel[];
  rights: MemberRight[];
}

const reshapeLevel = (l: WireLevel): CardLevel => ({
  level: l.Level,
  name: l.LevelName,
  thresholdPoints: l.ThresholdPoints,
  discount: l.Discount,
  summary: l.Summary,
  color: l.Color,
});

const reshapeRight = (r: WireRight): MemberRight => ({
  id: r.RightsID,
  title: r.Title,
  icon: r.Icon,
  summary: r.Summary,
  content: r.Content ?? '',
  benefits: r.Levels.map((b) => ({ level: b.Level, levelName: b.LevelName, benefit: b.Benefit })),
});

export function getMemberRights(): Promise<MemberRightsCatalogue> {
  return cachedRead(
    ['member-rights'],
    async () => {
      const r = await publicRead('VIP_Member/GetSysMemberRightsList');
      return { levels: r.CardLevels.map(reshapeLevel), rights: r.DataList.map(reshapeRight) };
    },
    { tags: [CACHE_TAGS.memberRights], revalidate: REVALIDATE.reference },
  );
}

export function getMemberRight(id: number): Promise<MemberRight | null> {
  return cachedRead(
    ['member-right', id],
    async () => {
      try {
        return reshapeRight(await publicRead('VIP_Member/GetSysMemberRights', { ID: id }));
      } catch (err) {
        if (isApiError(err) && isMissing(err.errorNo)) return null;
        throw err;
      }
    },
    { tags: [CACHE_TAGS.memberRights], revalidate: REVALIDATE.reference },
  );
}
