import type { ComponentProps } from 'react';

export type ClickableRowProps = Omit<ComponentProps<'tr'>, 'className' | 'tabIndex' | 'onClick' | 'onKeyDown'> & {
  onOpen: () => void;
  /** For a row that selects its item beside the list; none for a row that opens another page. */
  selected?: boolean;
};

/** A table row that a click or Enter acts on: it opens its item, or selects it. */
export function ClickableRow({ onOpen, selected, ...row }: ClickableRowProps) {
  return (
    <tr
      {...row}
      className={`clickable${selected ? ' selected' : ''}`}
      tabIndex={0}
      aria-selected={selected}
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onOpen();
      }}
    />
  );
}
