/**
 * The charity foundation's own details (invented, docs/content.md: no real data).
 * Shown on /foundation and /foundationcont.
 */
export const foundationInfo = {
  name: '云南圣爱公益基金会',
  founded: '2018年',
  mission: '取之社会，回馈社会：让中医药的温暖走进乡村、走近每一个需要帮助的人。',
  intro: [
    '云南圣爱公益基金会由云南圣爱中医馆集团于2018年发起成立，是在云南省民政厅登记的地方性非公募基金会。',
    '基金会长期开展乡村中医义诊、爱心助学、困难患儿救助、基层中医人才培养和中医药文化传播等公益项目，项目资金使用情况定期向社会公示。',
  ],
  figures: [
    { label: '公益活动', value: '620', unit: '场' },
    { label: '受益群众', value: '18.6', unit: '万人次' },
    { label: '资助学生', value: '1,350', unit: '名' },
    { label: '志愿者', value: '2,100', unit: '名' },
  ],
  contact: {
    address: '云南省昆明市五华区人民中路128号 圣爱大厦6楼',
    phone: '0871-6316 8899',
    email: 'foundation@shengai-tcm.example',
    hours: '周一至周五 9:00—17:30（法定节假日除外）',
    postcode: '650021',
    bank: { name: '云南圣爱公益基金会', bankName: '中国建设银行昆明人民中路支行', account: '5300 0000 0000 0000 0123' },
  },
} as const;
