import type { EntityManager } from 'typeorm';
import { eventsOf } from './events';

/** The transaction's manager is handed through as it is: a stand-in object is enough to see that it is the same one. */
const m = { marker: 'the emitting write transaction' } as unknown as EntityManager;

it("runs every listening domain's handler in list order, in the emitter's transaction, with the event", async () => {
  const heard: string[] = [];
  const events = eventsOf([
    { replyPosted: async (mm, e) => heard.push(`first ${e.replyId} ${mm === m}`) },
    undefined,
    { announcementShown: async () => heard.push('not this one') },
    { replyPosted: async (mm, e) => heard.push(`second ${e.replyId} ${mm === m}`) },
  ]);
  await events.emit(m, 'replyPosted', { replyId: 'r1' });
  expect(heard).toEqual(['first r1 true', 'second r1 true']);
});

it('an event nobody listens to does nothing; a failing handler fails the emit (and so the write) and stops the rest', async () => {
  const heard: string[] = [];
  const events = eventsOf([
    {
      resultsReleased: async () => {
        throw new Error('refused');
      },
    },
    { resultsReleased: async () => heard.push('after') },
  ]);
  await expect(events.emit(m, 'replyPosted', { replyId: 'r1' })).resolves.toBeUndefined();
  await expect(events.emit(m, 'resultsReleased', { assessmentId: 'a1' })).rejects.toThrow('refused');
  expect(heard).toEqual([]);
});
