/**
 * Where the group works, in words, from the clinic catalogue (the one source of truth for clinics
 * and provinces): the about page never names a city or province the finder does not list.
 */
export interface ReachProvince {
  name: string;
  clinicCount: number;
  isDefault: boolean;
}

/** "扎根云南…在昆明、曲靖…等16个州市开设47家连锁门诊，并延伸至贵州、四川、广西，共56家门诊。" */
export function groupReachText(groupName: string, provinces: ReachProvince[], homeCities: string[]): string {
  const open = provinces.filter((p) => p.clinicCount > 0);
  const home = open.find((p) => p.isDefault) ?? open[0];
  if (!home) return `${groupName}以“让百姓就近看好中医”为使命。`;
  const cities = [...new Set(homeCities)];
  const others = open.filter((p) => p !== home).map((p) => p.name);
  const total = open.reduce((n, p) => n + p.clinicCount, 0);
  const where = cities.length ? `在${cities.join('、')}${cities.length > 1 ? `等${cities.length}个州市` : ''}` : `在${home.name}`;
  return (
    `${groupName}扎根${home.name}，以“让百姓就近看好中医”为使命，${where}开设${home.clinicCount}家连锁中医门诊` +
    (others.length ? `，并延伸至${others.join('、')}，共${total}家门诊。` : '。')
  );
}
