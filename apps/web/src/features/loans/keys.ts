// Query keys of the loan screens (server module: loans). Everything lives under ['loans'], so an
// application, a repayment or a pushed approval, refusal or overdue notice refreshes them at once.

export const loanKeys = {
  all: ['loans'] as const,
  profile: () => ['loans', 'profile'] as const,
  list: () => ['loans', 'list'] as const,
  repayments: () => ['loans', 'repayments'] as const,
  /** What is due today on one loan. */
  due: (loanId: number) => ['loans', 'due', loanId] as const,
};
