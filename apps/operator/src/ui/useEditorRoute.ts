import { useEffect } from 'react';
import { useParams } from 'react-router';

/**
 * An editor's `:id`: null on its "new" route, which has none; `valid` unless it names no item (not
 * a positive whole number). Each item's editor opens at the top of the page.
 */
export function useEditorRoute() {
  const { id: param } = useParams();
  const id = param === undefined ? null : Number(param);
  const valid = id === null || (Number.isInteger(id) && id > 0);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);

  return { id, valid };
}
