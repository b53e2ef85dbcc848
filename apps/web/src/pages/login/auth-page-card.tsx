import type { ReactNode } from 'react';
import { Card, Container } from 'react-bootstrap';

/** The frame of the sign-in and registration pages (the same forms as the modals). */
export function AuthPageCard({
  title,
  wide,
  children,
}: {
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Container className="py-5">
      <Card
        className={`auth-page-card border-0 shadow-sm mx-auto ${wide ? 'auth-page-card-wide' : ''}`}
      >
        <Card.Body className="p-4 p-md-5">
          <h1 className="h3 mb-4">{title}</h1>
          {children}
        </Card.Body>
      </Card>
    </Container>
  );
}
