/**
 * What each constitution means and how to look after it, in the site's own words and in step with its
 * health articles (content/articles/health-science: 进补 by constitution in 14, 湿气 in 11, 上火 in 12, 艾灸
 * in 09, 三伏贴 in 05, 八段锦 in 13, 失眠 in 02, 养肝 in 10, 养肺 in 01, 脾胃 in 03), with the departments and
 * the 擅长 words whose doctors a result page offers to book (docs/constitution.md). Self-care only: nothing
 * here names a medicine to take.
 */
import type { ConstitutionType } from './items';

export interface ConstitutionCare {
  /** What the type is, one or two sentences. */
  meaning: string;
  diet: string;
  sleep: string;
  exercise: string;
  seasons: string;
  /** Departments (科室 names of the doctor finder) to see, most fitting first. */
  departments: string[];
  /** 擅长 entries whose doctors fit the type (matched against a doctor's specialties). */
  specialties: string[];
  /** Titles of the site's health articles to read next. */
  articles: string[];
}

export const CONSTITUTION_CARE: Record<ConstitutionType, ConstitutionCare> = {
  pinghe: {
    meaning: '阴阳气血比较调和：精力充沛、睡得好、胃口好，对冷热和环境变化适应得快。这是最理想的状态，要做的是把好习惯保持下去。',
    diet: '饮食有节、粗细搭配，不偏嗜某一种口味；冷热适中，不暴饮暴食，也不必跟风进补。',
    sleep: '作息规律，尽量在十一点前入睡，午间可小憩片刻。',
    exercise: '按年龄和喜好坚持运动，快走、慢跑、八段锦、太极拳都合适，贵在坚持。',
    seasons: '顺应四季：春天多到户外舒展，夏天防暑也别贪凉，秋天防燥，冬天早睡晚起、注意保暖。',
    departments: ['中医内科'],
    specialties: ['亚健康调理'],
    articles: ['八段锦：简单易学的养生功法', '春季养肝正当时'],
  },
  qixu: {
    meaning: '元气不足，常见容易累、气短、说话没力气、爱出虚汗、容易感冒。多与先天不足、久病、劳累过度或饮食失调有关。',
    diet: '宜吃益气健脾、容易消化的食物，如山药、小米、大枣、鸡肉、香菇；少吃生冷油腻。黄芪等药材要在医生指导下使用。',
    sleep: '注意休息，不熬夜，累了就歇，避免大汗后吹风受凉。',
    exercise: '运动宜柔和、量要小，如散步、八段锦、太极拳，以不觉得累为度，不宜大汗淋漓。',
    seasons: '换季和流感多发时注意防寒保暖、少去人多的地方；夏天别贪凉，冬天可在医生指导下进补。',
    departments: ['中医内科', '中医肺病科'],
    specialties: ['亚健康调理', '慢性咳嗽'],
    articles: ['脾胃虚弱的五个信号', '老年人冬季进补注意事项', '八段锦：简单易学的养生功法'],
  },
  yangxu: {
    meaning: '阳气不足，身体偏寒：怕冷、手脚凉、吃凉的容易不舒服或拉肚子，精神也容易不振。',
    diet: '宜温补，可适当吃羊肉、核桃、韭菜、生姜等温性食物；少吃冷饮、西瓜等寒凉之物。',
    sleep: '早睡，晚上用温水泡脚；注意腰腹、后背和脚的保暖，不在空调、风扇下直吹。',
    exercise: '多晒太阳、在白天暖和时运动，如快走、八段锦、太极拳，微微出汗即可。',
    seasons: '冬天重在保暖；夏天是调养阳虚的好时候，三伏贴、艾灸等冬病夏治方法可请医生看过再做。',
    departments: ['中医内科', '针灸推拿科'],
    specialties: ['亚健康调理'],
    articles: ['三伏贴：冬病夏治的科学道理', '艾灸的适应证与禁忌', '老年人冬季进补注意事项'],
  },
  yinxu: {
    meaning: '体内阴液不足，偏于干、偏于热：手心脚心发热、口干咽燥、皮肤干、大便偏干、面颊容易发红。',
    diet: '宜滋阴润燥，如银耳、百合、梨、鸭肉、芝麻；少吃辛辣、烧烤、油炸，不宜多喝酒、多吃温燥的补品。',
    sleep: '最怕熬夜：尽量在十一点前入睡，午后可稍作休息。',
    exercise: '运动宜中小强度、不要大汗，如太极拳、八段锦、散步、游泳，运动后及时补水。',
    seasons: '秋冬干燥时注意润燥、多喝温水；夏天避免在烈日下久待。三伏贴、艾灸等温热疗法不宜自行使用。',
    departments: ['中医内科', '中医妇科'],
    specialties: ['失眠', '更年期综合征'],
    articles: ['中医如何看待“上火”', '秋冬养肺：中医教你润燥护肺', '失眠多梦怎么办？中医辨证调理'],
  },
  tanshi: {
    meaning: '体内水湿运化不畅、停聚成痰湿：身体沉重、腹部肥软、口中黏腻、痰多、舌苔厚腻，常见于偏胖、少动的人。',
    diet: '饮食清淡，少吃甜食、肥肉、油炸和冷饮，控制饮酒；可常用薏苡仁、赤小豆、冬瓜、山药煮粥煲汤健脾祛湿。',
    sleep: '早睡早起，不赖床，饭后不要马上躺下。',
    exercise: '坚持每天运动、微微出汗，如快走、慢跑、八段锦，循序渐进、逐步加量。',
    seasons: '雨季和潮湿天气注意居室通风除湿、被褥常晾晒，淋雨后及时擦干换衣。',
    departments: ['中医内科'],
    specialties: ['2型糖尿病', '高血压病', '功能性消化不良'],
    articles: ['湿气重的表现和祛湿方法', '脾胃虚弱的五个信号'],
  },
  shire: {
    meaning: '湿和热交织在体内：脸上爱出油、容易长痘、口苦口臭、大便黏滞不爽、小便发黄。',
    diet: '饮食清淡，多吃绿豆、冬瓜、苦瓜、芹菜等清利的蔬菜；少吃辛辣、烧烤、油炸、甜腻，少喝酒。',
    sleep: '不熬夜，保持大便通畅；居室通风，衣物宽松透气。',
    exercise: '可做强度稍大的运动帮助出汗，如跑步、游泳、球类，运动后及时清洁皮肤。',
    seasons: '夏末秋初湿热最重，饮食尤其要清淡；天气闷热时减少户外久留。',
    departments: ['中医皮肤科', '中医内科'],
    specialties: ['痤疮', '湿疹', '慢性胃炎'],
    articles: ['湿气重的表现和祛湿方法', '中医如何看待“上火”'],
  },
  xueyu: {
    meaning: '血行不够通畅：面色和口唇偏暗、容易有瘀斑和黑眼圈，身上有固定的疼痛，女性可见痛经。',
    diet: '可适当吃山楂、黑木耳、玫瑰花茶等活血的食物；少吃寒凉和肥腻，女性经期不宜自行喝活血类饮品。',
    sleep: '作息规律，不熬夜；注意保暖，久坐的人每隔一小时起身活动。',
    exercise: '多做能促进气血运行的活动，如八段锦、太极拳、健步走，避免长时间不动。',
    seasons: '寒冷季节血行更慢，冬天尤其要保暖；春天多到户外活动。',
    departments: ['中医妇科', '针灸推拿科', '中医内科'],
    specialties: ['痛经', '月经不调', '颈椎病', '头痛'],
    articles: ['女性经期调理的中医智慧', '颈椎病的中医防治与日常保健'],
  },
  qiyu: {
    meaning: '气机郁滞、情绪不畅：容易闷闷不乐、紧张焦虑、爱叹气，两胁或乳房胀痛，咽部像有东西堵着。',
    diet: '可适当吃玫瑰花、佛手、陈皮、萝卜、柑橘等理气的食物；少喝浓茶咖啡，晚饭不宜过饱。',
    sleep: '睡前放下手机、放松心情，可听舒缓的音乐；失眠持续时及时就医。',
    exercise: '多参加户外和集体活动，如登山、快走、广场舞、八段锦，多与亲友交流。',
    seasons: '春天是养肝疏肝的季节，多到户外舒展；秋冬日照短时注意调节情绪。',
    departments: ['中医内科', '中医妇科'],
    specialties: ['焦虑抑郁状态', '失眠', '更年期综合征'],
    articles: ['春季养肝正当时', '失眠多梦怎么办？中医辨证调理'],
  },
  tebing: {
    meaning: '先天禀赋特殊、容易过敏：没感冒也打喷嚏、鼻塞流涕，换季易咳喘，皮肤容易起风团或一抓就红。',
    diet: '饮食清淡均衡，留意并避开自己过敏的食物；少吃辛辣、海鲜、酒等容易诱发过敏的东西。',
    sleep: '作息规律；被褥常晒、居室常通风，减少尘螨和霉菌。',
    exercise: '适度运动增强体质，花粉多的季节减少户外运动，运动时注意避风。',
    seasons: '春秋换季和花粉季提前防护，外出可戴口罩；冬病夏治的三伏贴请医生看过再做。',
    departments: ['中医肺病科', '中医皮肤科'],
    specialties: ['过敏性鼻炎', '支气管哮喘', '荨麻疹', '湿疹'],
    articles: ['秋冬养肺：中医教你润燥护肺', '三伏贴：冬病夏治的科学道理'],
  },
};

/** The notice every result carries (the standard is a self-assessment; docs/constitution.md). */
export const SELF_ASSESSMENT_NOTICE = '仅供参考，不能替代医生面诊';
