// English strings of the content and service screens (news, web view, legal documents, the
// customer-service chat, the country picker, invited friends). Spread into en.ts; nl.ts and
// zh-Hans.ts mirror them.
export const contentEn = {
  news: {
    guidesTitle: 'Guides',
    more: 'More news',
    guide: 'Guide',
    inEnglish: 'In English',
    fallback: 'Not yet available in your language; shown in English',
    notFound: 'This article is not available',
    notFoundBody: 'It may have been withdrawn, or the link is wrong.',
    loadFailed: 'Could not load the news',
    loadFailedBody: 'Check your connection and try again.',
  },
  webview: {
    refused: 'This address cannot be opened in the app',
    refusedBody: 'For your safety the app only opens pages of Meridian Markets and its partners.',
    loading: 'Loading the page…',
    checkFailed: 'Could not check this address',
  },
  legalDoc: {
    loadFailed: 'Could not load this document',
  },
  appInfo: {
    published: 'Published {{date}}',
    whatsNew: 'What’s new',
  },
  chat: {
    introTitle: 'Hello! How can we help?',
    introBody:
      'Write your question below. An operator of our customer service answers right here, and you will see the reply as soon as it is sent. You can also send a photo or a screenshot.',
    placeholder: 'Type a message',
    send: 'Send',
    image: 'Send an image',
    earlier: 'Earlier messages',
    start: 'Start of the conversation',
    operator: 'Customer service',
    read: 'Read',
    sent: 'Sent',
    sending: 'Sending…',
    failed: 'Not sent',
    retry: 'Retry',
    loadFailed: 'Could not load the conversation',
    newReply: 'Customer service replied',
    imageAlt: 'Image',
    imageFailed: 'Image unavailable',
    close: 'Close',
  },
  area: {
    title: 'Country or region',
    placeholder: 'Select country or region',
    search: 'Search country or region',
    noMatch: 'No country or region matches "{{q}}"',
    loadFailed: 'Could not load the list',
  },
  invitees: {
    title: 'Invited friends',
    total: 'Total: {{count}}',
    empty: 'No friends have joined yet',
    emptyBody: 'Friends who register with your link or code appear here.',
    verified: 'Verified',
    notVerified: 'Not verified',
    joined: 'Joined {{date}}',
  },
  noticeToast: {
    operatorMessage: 'New message from Meridian Markets',
  },
} as const;
