import type { ReactNode } from 'react';
import type { RoomType } from '../../domain/rooms';

/** One room: its picture and description, with its package cards beside (wide) or below (phone). */
export function RoomSection({ room, first, children }: { room: RoomType; first: boolean; children: ReactNode }) {
  const headingId = `room-${room.id}-title`;
  return (
    <section className="room-section card" aria-labelledby={headingId}>
      <div className="room-section__about">
        {/* The first room's picture is the screen's largest paint: fetch it first. */}
        <img
          className="room-section__image"
          src={room.image}
          alt={room.imageAlt}
          width="800"
          height="600"
          decoding="async"
          fetchPriority={first ? 'high' : 'auto'}
          loading={first ? 'eager' : 'lazy'}
        />
        <h2 id={headingId}>{room.title}</h2>
        <p>{room.description}</p>
      </div>
      <div className="room-section__packages">{children}</div>
    </section>
  );
}
