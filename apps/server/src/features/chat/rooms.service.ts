import { ROOM_STATE, type ChatState, type RoomDetail, type RoomSummary } from '@chat/shared';
import type { RoomRow, UserRow } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import { AppError, forbidden, guestForbidden, invalid, notFound } from '../../http/app-error';
import { BROADCAST_LIMITS } from '../../http/broadcast-limits';
import type { RateLimits } from '../../http/rate-limit';
import { nowIso } from '../../lib/clock';
import { nameKeyOf } from '../../lib/text-fold';
import * as roomPolicy from '../../access/room.policy';
import { viewerOf } from '../../access/viewer';
import type { UsersRepository } from '../users/users.repository';
import { presentRoomSummary } from './chat.presenter';
import type { MessagesRepository } from './messages.repository';
import type { RoomView } from './room-view';
import type { RoomsRepository } from './rooms.repository';

const MAX_OWNED_ROOMS = 5;

export class RoomsService {
  constructor(
    private readonly rooms: RoomsRepository,
    private readonly messages: MessagesRepository,
    private readonly users: UsersRepository,
    private readonly view: RoomView,
    private readonly events: DomainEvents,
    /** Entering, leaving and states are heard by the whole room: limited per account. */
    private readonly rateLimits: RateLimits,
  ) {}

  async chatState(user: UserRow): Promise<ChatState> {
    const [joined, available, mainRoomId] = await Promise.all([
      this.rooms.joinedBy(user.id),
      this.rooms.availableTo(user.id),
      this.rooms.mainRoomId(),
    ]);
    const rooms = await Promise.all(
      joined.map((room) =>
        this.view.detail(room, user, {
          position: room.position_in_list,
          last_read_id: room.last_read_id,
        }),
      ),
    );
    const counts = await this.rooms.userCounts(available.map((r) => r.id));
    const viewer = viewerOf(user);
    return {
      rooms,
      available: available.map((r) => ({
        ...presentRoomSummary(r, counts.get(r.id) ?? 0),
        abilities: roomPolicy.abilities(viewer, r),
      })),
      main_room_id: mainRoomId,
    };
  }

  async create(
    user: UserRow,
    body: { name_ru: string; name_en: string; public: boolean },
    socketId?: string,
  ): Promise<RoomDetail> {
    if (!roomPolicy.can(viewerOf(user), 'create')) throw guestForbidden();
    if ((await this.rooms.countOwnedBy(user.id)) >= MAX_OWNED_ROOMS)
      throw invalid({ name_ru: ['room.too_many'] });
    await this.refuseTakenNames(body);
    const room = await this.rooms.create({
      name_ru: body.name_ru,
      name_en: body.name_en,
      is_public: body.public ? 1 : 0,
      owner_id: user.id,
      position: 1000,
      created_at: nowIso(),
    });
    const detail = await this.enter(user, room.id, socketId);
    // Others' room menus list a new public room at once; a private one nobody else learns of.
    if (room.is_public === 1)
      this.events.emit('chat.room.available', { room: presentRoomSummary(room, 1) });
    return detail;
  }

  async update(
    user: UserRow,
    roomId: number,
    body: { name_ru?: string; name_en?: string; public?: boolean },
  ): Promise<RoomSummary> {
    const room = await this.visibleRoom(user, roomId);
    const viewer = viewerOf(user);
    if (!roomPolicy.can(viewer, 'update', room)) throw forbidden();
    const changes = {
      ...(body.name_ru !== undefined ? { name_ru: body.name_ru } : {}),
      ...(body.name_en !== undefined ? { name_en: body.name_en } : {}),
      ...(body.public !== undefined ? { is_public: body.public ? 1 : 0 } : {}),
    };
    await this.refuseTakenNames(body, roomId);
    if (Object.keys(changes).length > 0) await this.rooms.update(roomId, changes);
    const counts = await this.rooms.userCounts([roomId]);
    const summary = presentRoomSummary({ ...room, ...changes }, counts.get(roomId) ?? 0);
    // The room's members hear the room without abilities: theirs are not the updater's.
    this.events.emit('chat.room.updated', { room: summary });
    // Made public: it appears in everyone's room menu, as a new public room does.
    if (room.is_public === 0 && changes.is_public === 1)
      this.events.emit('chat.room.available', { room: summary });
    return { ...summary, abilities: roomPolicy.abilities(viewer, { ...room, ...changes }) };
  }

  /**
   * A room's name, in either language, may not be another room's name in either language once
   * folded (case, width forms, ё, punctuation and invisible characters aside): a second
   * "General" with a zero-width space in it would pass for the first.
   */
  private async refuseTakenNames(
    body: { name_ru?: string; name_en?: string },
    exceptRoomId?: number,
  ): Promise<void> {
    const wanted = (['name_ru', 'name_en'] as const).flatMap((field) => {
      const name = body[field];
      return name === undefined ? [] : [{ field, key: nameKeyOf(name) }];
    });
    if (wanted.length === 0) return;
    const taken = new Set<string>();
    for (const room of await this.rooms.names()) {
      if (room.id === exceptRoomId) continue;
      taken.add(nameKeyOf(room.name_ru));
      taken.add(nameKeyOf(room.name_en));
    }
    const clashes = wanted.filter(({ key }) => taken.has(key));
    if (clashes.length > 0)
      throw invalid(
        Object.fromEntries(clashes.map(({ field }) => [field, ['room.name_taken' as const]])),
      );
  }

  /** Entering twice is harmless: the second call just answers the room. */
  async enter(user: UserRow, roomId: number, socketId?: string): Promise<RoomDetail> {
    const room = await this.rooms.find(roomId);
    if (!room) throw notFound();
    const known = await this.rooms.membership(roomId, user.id);
    if (known) return this.view.detail(room, user, known);
    const invited = await this.rooms.isInvited(roomId, user.id);
    // A private room one may not enter does not exist as far as the caller can tell.
    if (!roomPolicy.can(viewerOf(user), 'enter', room, { invited })) throw notFound();
    await this.rateLimits.hit(BROADCAST_LIMITS.roomMembership, String(user.id));
    const membership = {
      room_id: roomId,
      user_id: user.id,
      position: await this.rooms.nextPosition(user.id),
      state_id: ROOM_STATE.online,
      invisible: 0,
      entered_at: nowIso(),
      last_read_id: await this.messages.latestId(roomId),
    };
    await this.rooms.addMember(membership);
    const detail = await this.view.detail(room, user, membership);
    // The newcomer's own entry, as the room now lists it, is what the others are told.
    const entry = detail.users.find((u) => u.id === user.id);
    if (entry) {
      this.events.emit('chat.user.entered', {
        roomId,
        user: entry,
        ...(socketId ? { exceptSocketId: socketId } : {}),
      });
    }
    return detail;
  }

  async leave(user: UserRow, roomId: number): Promise<void> {
    const membership = await this.rooms.membership(roomId, user.id);
    if (!membership) throw notFound();
    await this.rateLimits.hit(BROADCAST_LIMITS.roomMembership, String(user.id));
    if (!(await this.rooms.removeMember(roomId, user.id))) throw notFound();
    this.events.emit('chat.user.state', {
      roomId,
      userId: user.id,
      stateId: ROOM_STATE.leaving,
      invisible: membership.invisible === 1,
    });
  }

  async leaveChat(user: UserRow): Promise<void> {
    await this.rateLimits.hit(BROADCAST_LIMITS.roomMembership, String(user.id));
    const rooms = await this.rooms.roomsOf(user.id);
    await this.rooms.removeFromAll(user.id);
    for (const { roomId, invisible } of rooms)
      this.events.emit('chat.user.state', {
        roomId,
        userId: user.id,
        stateId: ROOM_STATE.leaving,
        invisible,
      });
    this.events.emit('chat.user.left_chat', { userId: user.id });
  }

  /** The room when switching to it; being looked at, it counts as read. */
  async show(user: UserRow, roomId: number): Promise<RoomDetail> {
    const room = await this.rooms.find(roomId);
    const membership = room ? await this.rooms.membership(roomId, user.id) : undefined;
    if (!room || !membership) throw notFound();
    const detail = await this.view.detail(room, user, membership);
    const latest = detail.messages.at(-1)?.id ?? membership.last_read_id;
    if (latest > membership.last_read_id)
      await this.rooms.updateMember(roomId, user.id, { last_read_id: latest });
    return { ...detail, unread: 0 };
  }

  async sort(user: UserRow, positions: Record<string, string | number>): Promise<void> {
    const mine = new Set(await this.rooms.roomIdsOf(user.id));
    const updates = new Map<number, number>();
    for (const [key, value] of Object.entries(positions)) {
      const roomId = Number(key);
      const position = Number(value);
      if (
        !Number.isInteger(roomId) ||
        !Number.isInteger(position) ||
        position < 1 ||
        position > 10_000
      ) {
        throw invalid({ room: ['invalid_value'] });
      }
      if (mine.has(roomId)) updates.set(roomId, position);
    }
    await this.rooms.setPositions(user.id, updates);
  }

  async setState(user: UserRow, roomId: number, stateId: number): Promise<void> {
    const membership = await this.rooms.membership(roomId, user.id);
    if (!membership) throw notFound();
    if (stateId === ROOM_STATE.leaving) return this.leave(user, roomId);
    await this.rateLimits.hit(BROADCAST_LIMITS.roomState, String(user.id));
    await this.rooms.updateMember(roomId, user.id, { state_id: stateId });
    this.events.emit('chat.user.state', {
      roomId,
      userId: user.id,
      stateId,
      invisible: membership.invisible === 1,
    });
  }

  async setVisibility(
    user: UserRow,
    roomId: number,
    visible: boolean,
  ): Promise<{ invisible: boolean }> {
    if (!roomPolicy.can(viewerOf(user), 'go_invisible')) throw forbidden();
    const membership = await this.rooms.membership(roomId, user.id);
    if (!membership) throw notFound();
    // Asked again for what already holds: nothing to tell anyone.
    if ((membership.invisible === 1) === !visible) return { invisible: !visible };
    await this.rooms.updateMember(roomId, user.id, { invisible: visible ? 0 : 1 });
    this.events.emit('chat.user.visibility', { roomId, userId: user.id, invisible: !visible });
    return { invisible: !visible };
  }

  async invite(user: UserRow, roomId: number, targetId: number): Promise<void> {
    const room = await this.visibleRoom(user, roomId);
    if (!roomPolicy.can(viewerOf(user), 'invite', room)) throw forbidden();
    if (!(await this.users.findById(targetId)))
      throw new AppError('validation', { errors: { user_id: ['invalid_value'] } });
    await this.rooms.invite(roomId, targetId, user.id, nowIso());
  }

  /** The room if the caller may know it exists: a private room is not there for outsiders. */
  private async visibleRoom(user: UserRow, roomId: number): Promise<RoomRow> {
    const room = await this.rooms.find(roomId);
    if (!room) throw notFound();
    const viewer = viewerOf(user);
    // The cheap answers first: most rooms are public or the caller's own.
    if (roomPolicy.canSee(viewer, room, { member: false, invited: false })) return room;
    const member = (await this.rooms.membership(roomId, user.id)) !== undefined;
    const invited = !member && (await this.rooms.isInvited(roomId, user.id));
    if (roomPolicy.canSee(viewer, room, { member, invited })) return room;
    throw notFound();
  }
}
