// The centered card the account pages share (login, reset, activation results): a heading and its content.
import type { ReactNode } from 'react';
import { Card, Container } from 'react-bootstrap';

export function AuthCard({
  title,
  children,
  width = 'narrow',
}: {
  title: ReactNode;
  children: ReactNode;
  width?: 'narrow' | 'wide';
}) {
  return (
    <Container className="py-4 py-md-5">
      <Card className="border-0 shadow-sm mx-auto" style={{ maxWidth: width === 'narrow' ? '30rem' : '48rem' }}>
        <Card.Body className="p-4 p-md-5">
          <h1 className="h3 mb-4">{title}</h1>
          {children}
        </Card.Body>
      </Card>
    </Container>
  );
}
