import { Link } from 'react-router-dom';
import site from '../../shared/site.json';
import { paths } from '../../shared/paths';
import { gallery, services } from './homeContent';
import './home.css';

export function HomePage() {
  return (
    <div className="home" id="home">
      <title>{`${site.name}: rooms, restaurant and bookings`}</title>
      <section className="home-hero">
        <img
          className="home-hero__image"
          src="/images/hero.svg"
          width="1600"
          height="800"
          alt="The resort among green hills at golden hour, with a pool in front"
          fetchPriority="high"
        />
        <div className="home-hero__text">
          <h1 id="home-title">{site.name}</h1>
          <p>{site.tagline}</p>
          <Link className="button button--accent home-hero__cta" to={paths.booking}>
            Book Now
          </Link>
        </div>
      </section>

      <section className="home-section home-intro" id="about" aria-labelledby="about-title">
        <h2 id="about-title">Welcome</h2>
        <p>
          A small, family-run resort among green hills, with rooms that open onto the view and a kitchen that cooks to order. We keep things
          simple and warm, so that you can rest.
        </p>
        <p>
          Room service runs from 7 am to 11 pm, laundry handed in by morning comes back the same day, and the front desk will help with tour
          bookings and transport, from a day&apos;s sightseeing to your pickup and drop.
        </p>
      </section>

      <section className="home-section" id="services" aria-labelledby="services-title">
        <h2 id="services-title">Services</h2>
        <ul className="home-services">
          {services.map((service) => (
            <li key={service.name} className="home-services__item">
              <h3>{service.name}</h3>
              <p>{service.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="home-section" id="gallery" aria-labelledby="gallery-title">
        <h2 id="gallery-title">Gallery</h2>
        <ul className="home-gallery">
          {gallery.map((photo) => (
            <li key={photo.src}>
              <img src={photo.src} alt={photo.alt} width="600" height="400" loading="lazy" decoding="async" />
            </li>
          ))}
        </ul>
      </section>

      <section className="home-section home-restaurant" id="restaurant" aria-labelledby="restaurant-title">
        <img
          src="/images/restaurant.svg"
          alt="Indoor dining hall with set tables, pendant lights and tall windows"
          width="800"
          height="600"
          loading="lazy"
          decoding="async"
        />
        <div>
          <h2 id="restaurant-title">Restaurant</h2>
          <p>
            Our indoor restaurant seats up to 70 people and serves multicuisine non-vegetarian food: South Indian favourites, North Indian
            curries, Chinese and Continental plates, cooked fresh for breakfast, lunch and dinner.
          </p>
          <p>Room service brings the same menu to your room from 7 am to 11 pm.</p>
        </div>
      </section>
    </div>
  );
}
