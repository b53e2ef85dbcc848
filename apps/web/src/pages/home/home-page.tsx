import { Col, Container, Row } from 'react-bootstrap';
import { useSessionStore } from '../../features/session/store';
import { Hero } from './hero';
import { SignedInCard } from './signed-in-card';
import { SignedOutCards } from './signed-out-cards';

export function HomePage() {
  const userData = useSessionStore((s) => s.userData);
  return (
    <section className="hero">
      <Container className="py-4 py-md-5">
        <Row className="align-items-center g-4 g-lg-5">
          <Col lg={6}>
            <Hero />
          </Col>
          <Col lg={6}>{userData ? <SignedInCard userData={userData} /> : <SignedOutCards />}</Col>
        </Row>
      </Container>
    </section>
  );
}
