import { InMemoryCache, gql } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { addToList, dropPages, evictObject } from './cacheUpdates';

const COURSE = gql`
  query Course {
    course(id: "c1") {
      id
      announcements {
        id
        title
      }
    }
  }
`;

const USERS = gql`
  query Users {
    users {
      id
    }
    me {
      id
    }
  }
`;

const announcement = (id: string) => ({ __typename: 'Announcement', id, title: `A ${id}` });

function courseCache(ids: string[]) {
  const cache = new InMemoryCache();
  cache.writeQuery({ query: COURSE, data: { course: { __typename: 'Course', id: 'c1', announcements: ids.map(announcement) } } });
  return cache;
}

const listed = (cache: InMemoryCache) =>
  cache.readQuery<{ course: { announcements: { id: string }[] } }>({ query: COURSE })?.course.announcements.map((a) => a.id);

/** The new item, as its mutation's answer puts it in the cache. */
function written(cache: InMemoryCache, id: string) {
  cache.writeFragment({
    id: `Announcement:${id}`,
    fragment: gql`
      fragment New on Announcement {
        id
        title
      }
    `,
    data: announcement(id),
  });
  return { __typename: 'Announcement', id };
}

const course = { __typename: 'Course', id: 'c1' };

describe('addToList', () => {
  it('adds a new item at the start or the end of the cached list', () => {
    const cache = courseCache(['a1', 'a2']);
    addToList(cache, course, 'announcements', written(cache, 'a3'), 'start');
    expect(listed(cache)).toEqual(['a3', 'a1', 'a2']);
    addToList(cache, course, 'announcements', written(cache, 'a4'), 'end');
    expect(listed(cache)).toEqual(['a3', 'a1', 'a2', 'a4']);
  });

  it('does not add an item already listed', () => {
    const cache = courseCache(['a1', 'a2']);
    addToList(cache, course, 'announcements', { __typename: 'Announcement', id: 'a2' }, 'start');
    expect(listed(cache)).toEqual(['a1', 'a2']);
  });

  it('leaves a list that is not in the cache as it is', () => {
    const cache = courseCache(['a1']);
    addToList(cache, { __typename: 'Course', id: 'other' }, 'announcements', written(cache, 'a2'), 'end');
    expect(listed(cache)).toEqual(['a1']);
    expect(cache.extract()['Course:other']).toBeUndefined();
  });
});

describe('evictObject', () => {
  it('drops the object, and the lists that held it leave it out when read', () => {
    const cache = courseCache(['a1', 'a2', 'a3']);
    evictObject(cache, { __typename: 'Announcement', id: 'a2' });
    expect(cache.extract()['Announcement:a2']).toBeUndefined();
    expect(listed(cache)).toEqual(['a1', 'a3']);
  });
});

describe('dropPages', () => {
  it('drops a root list’s cached pages and nothing else', () => {
    const cache = new InMemoryCache();
    cache.writeQuery({ query: USERS, data: { users: [{ __typename: 'User', id: 'u1' }], me: { __typename: 'User', id: 'u2' } } });
    dropPages(cache, 'users');
    const root = cache.extract().ROOT_QUERY ?? {};
    expect(root).not.toHaveProperty('users');
    expect(root).toHaveProperty('me');
    // u1 was held only by the dropped list; u2 is still the signed-in user
    expect(cache.extract()['User:u1']).toBeUndefined();
    expect(cache.extract()['User:u2']).toBeDefined();
  });
});
