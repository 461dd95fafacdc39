import 'server-only';
/**
 * The card of a page, looked up the way the page looks itself up (same cached fetchers),
 * or null for an unknown kind, a malformed key or a missing item.
 */
import { getClinic } from '../api/clinics';
import { getDoctor } from '../api/doctors';
import { getNewsArticle } from '../api/news';
import { getPointsGoods } from '../api/points';
import { getIllness, getSpecial, getStudio } from '../api/specialties';
import { parseCode, parseId } from '../url-params';
import { articleCard, clinicCard, doctorCard, goodsCard, illnessCard, isShareCardKind, specialCard, studioCard, toolCard, type ShareCard } from './content';
import { isGoodsSn } from '@/lib/contract';

export async function loadShareCard(kind: string, key: string): Promise<ShareCard | null> {
  if (!isShareCardKind(kind)) return null;
  switch (kind) {
    case 'doctor': {
      const code = parseCode(key);
      const d = code ? await getDoctor(code) : null;
      return d ? doctorCard(d) : null;
    }
    case 'clinic': {
      const code = parseCode(key);
      const c = code ? await getClinic(code) : null;
      return c ? clinicCard(c) : null;
    }
    case 'tool':
      return toolCard(key);
    case 'goods': {
      const sn = isGoodsSn(key) ? key : null;
      const g = sn ? await getPointsGoods(sn) : null;
      return g ? goodsCard(g) : null;
    }
    default: {
      const id = parseId(key);
      if (!id) return null;
      if (kind === 'article') {
        const a = await getNewsArticle(id);
        return a ? articleCard(a) : null;
      }
      if (kind === 'illness') {
        const i = await getIllness(id);
        return i ? illnessCard(i) : null;
      }
      if (kind === 'special') {
        const s = await getSpecial(id);
        return s ? specialCard(s) : null;
      }
      const s = await getStudio(id);
      return s ? studioCard(s.studio) : null;
    }
  }
}
