import type { contentEn } from './en';
import type { UiMessages } from '../en';

/** Every group of the English content strings, so a group added there is missing here until translated. */
type ContentMessages = Pick<UiMessages, keyof typeof contentEn>;

export const contentZh: ContentMessages = {
  news: {
    guidesTitle: '使用指南',
    more: '更多资讯',
    guide: '指南',
    inEnglish: '英文',
    fallback: '暂无您所选语言的版本，以下为英文原文',
    notFound: '该文章不存在或已下架',
    notFoundBody: '文章可能已被撤回，或链接有误。',
    loadFailed: '资讯加载失败',
    loadFailedBody: '请检查网络连接后重试。',
  },
  webview: {
    refused: '该地址无法在应用内打开',
    refusedBody: '为保障您的安全，应用仅打开 Meridian Markets 及其合作伙伴的页面。',
    loading: '页面加载中…',
    checkFailed: '无法校验该地址',
  },
  legalDoc: {
    loadFailed: '文件加载失败',
  },
  appInfo: {
    published: '发布于 {{date}}',
    whatsNew: '更新内容',
  },
  chat: {
    introTitle: '您好！有什么可以帮您？',
    introBody: '请在下方输入您的问题。客服人员会在这里回复您，回复发出后您会立即看到。您也可以发送照片或截图。',
    placeholder: '输入消息',
    send: '发送',
    image: '发送图片',
    earlier: '更早的消息',
    start: '以上是全部消息',
    operator: '在线客服',
    read: '已读',
    sent: '已发送',
    sending: '发送中…',
    failed: '发送失败',
    retry: '重试',
    loadFailed: '会话加载失败',
    newReply: '客服已回复',
    imageAlt: '图片',
    imageFailed: '图片无法显示',
    close: '关闭',
  },
  area: {
    title: '国家或地区',
    placeholder: '请选择国家或地区',
    search: '搜索国家或地区',
    noMatch: '没有与“{{q}}”匹配的国家或地区',
    loadFailed: '列表加载失败',
  },
  invitees: {
    title: '已邀请的好友',
    total: '共 {{count}} 人',
    empty: '还没有好友加入',
    emptyBody: '通过您的链接或邀请码注册的好友会显示在这里。',
    verified: '已认证',
    notVerified: '未认证',
    joined: '{{date}} 加入',
  },
  noticeToast: {
    operatorMessage: '来自 Meridian Markets 的新消息',
  },
};
