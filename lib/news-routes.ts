/**
 * Which page shows a news item of a given type (SPEC §2): 圣爱动态 and 荣誉 use
 * /newtdetail/{ID}/{ClassID}, the others their own detail route. Used by
 * lists, the home page, search and the sitemap, so a type always links to the
 * same page. A detail page passes its type as ClassID, so an item of another
 * type answers 404 there.
 */
import { NEWS_TYPES, type NewsType } from './news-types';
import { routes } from './routes';

export function newsDetailHref(type: number, id: number): string {
  switch (type) {
    case NEWS_TYPES.culture:
      return routes.cultureDetail(id);
    case NEWS_TYPES.growingUp:
      return routes.growingUpDetail(id);
    case NEWS_TYPES.video:
      return routes.videoDetail(id);
    case NEWS_TYPES.charityActivity:
    case NEWS_TYPES.charityProject:
      return routes.foundationDetail(id);
    case NEWS_TYPES.healthScience:
      return routes.healthScienceDetail(id);
    case NEWS_TYPES.charityNotice:
      return routes.noticeDetail(id);
    case NEWS_TYPES.glory:
      return routes.newsDetail(id, NEWS_TYPES.glory);
    default:
      return routes.newsDetail(id);
  }
}

/** The list page of a type, for breadcrumbs and "more" links. */
export function newsListHref(type: NewsType | number): string {
  switch (type) {
    case NEWS_TYPES.culture:
      return routes.cultureList();
    case NEWS_TYPES.growingUp:
      return routes.growingUp();
    case NEWS_TYPES.video:
      return routes.videos();
    case NEWS_TYPES.glory:
      return routes.glory();
    case NEWS_TYPES.charityActivity:
      return routes.charityActivities();
    case NEWS_TYPES.healthScience:
      return routes.healthScience();
    case NEWS_TYPES.charityNotice:
      return routes.charityNotices();
    case NEWS_TYPES.charityProject:
      return routes.foundationList();
    default:
      return routes.news();
  }
}
