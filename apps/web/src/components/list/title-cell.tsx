/**
 * A project row's title cell: a round avatar with the title's first letter, the title ('Untitled Project' when
 * it is missing) and a second line (created date, page count…).
 */
import type { ReactNode } from 'react';
import { messages } from '@bindery/contracts/messages';
import './list.css';

export function TitleCell({
  title,
  fallbackLetter,
  detail,
}: {
  title: string;
  fallbackLetter: string;
  detail?: ReactNode;
}) {
  const shown = title.trim() || messages.projects.untitled;
  const letter = (title.trim()[0] ?? fallbackLetter).toUpperCase();
  return (
    <div className="b-title-cell">
      <span className="b-avatar" aria-hidden="true">
        {letter}
      </span>
      <span>
        <strong>{shown}</strong>
        {detail ? <span className="b-title-cell__detail">{detail}</span> : null}
      </span>
    </div>
  );
}
