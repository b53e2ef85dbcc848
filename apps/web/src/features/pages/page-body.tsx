import { useMemo } from 'react';
import { pageBlocks } from './page-blocks';

/** A static page body as React text nodes: user-editable text never becomes HTML. */
export function PageBody({ body }: { body: string }) {
  const blocks = useMemo(() => pageBlocks(body), [body]);
  return (
    <div className="page-body">
      {blocks.map((block, i) => {
        switch (block.kind) {
          case 'heading':
            return <h2 key={i}>{block.text}</h2>;
          case 'list':
            return (
              <ul key={i}>
                {block.items.map((item, j) => (
                  <li key={j}>{item}</li>
                ))}
              </ul>
            );
          case 'paragraph':
            return <p key={i}>{block.text}</p>;
        }
      })}
    </div>
  );
}
