// The contract's naming rule (DESIGN "Conventions"): channels are `domain:verb`, and an event says
// what already happened, in the past tense (`servers:status-changed`), so a listener reads as a
// reaction and an invoke channel never looks like an event.
import { describe, expect, it } from 'vitest';
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../../../shared/channel-names';

const NAME = /^[a-z]+:[a-z]+(-[a-z]+)*$/;

describe('channel names', () => {
  it('every channel is domain:verb in kebab-case', () => {
    expect([...INVOKE_CHANNELS, ...EVENT_CHANNELS].filter((c) => !NAME.test(c))).toEqual([]);
  });

  it('every event is in the past tense', () => {
    expect(EVENT_CHANNELS.filter((c) => !/ed$/.test(c))).toEqual([]);
  });

  it('the log and chat events carry their past-tense names', () => {
    expect(EVENT_CHANNELS).toContain('app:logged');
    expect(EVENT_CHANNELS).toContain('chat:progressed');
  });
});
