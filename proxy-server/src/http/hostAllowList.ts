/**
 * DNS rebinding guard. A web page can point its own name at 127.0.0.1 and then talk to this server
 * from the victim's browser, with its own name in Host and Origin, so the CSRF check (which compares
 * the two) passes. Answering only to known host names closes that: every other Host gets a 421
 * before any route runs.
 *
 * Allowed: localhost and *.localhost (browsers resolve them to loopback themselves), any IP literal
 * (a page cannot rebind an address: reaching us by IP means the user typed it), the HOST the server
 * listens on, and ALLOWED_HOSTS (exact names, or `.example.com` for the name and its subdomains).
 */
import { isIP } from 'node:net';
import type { RequestHandler } from 'express';
import { MisdirectedRequest } from './httpError';

export interface HostAllowList {
  allows(hostHeader: string | undefined): boolean;
}

/** Lower-cased host name of a Host header value, without port or IPv6 brackets. */
function hostName(hostHeader: string): string | undefined {
  try {
    return new URL(`http://${hostHeader.trim()}`).hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  } catch {
    return undefined;
  }
}

const NAME = /^\.?(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i;

/** Validates ALLOWED_HOSTS entries; returns an error sentence or undefined. */
export function allowedHostsProblem(entries: string[]): string | undefined {
  const bad = entries.find((e) => !NAME.test(e) && !isIP(e.replace(/^\[(.*)\]$/, '$1')));
  return bad === undefined
    ? undefined
    : `'${bad}' is not a host name (give names like app.example.com or .example.com for all its subdomains; no scheme, port or path)`;
}

export function createHostAllowList(listenHost: string, allowedHosts: string[]): HostAllowList {
  const exact = new Set<string>();
  const suffixes: string[] = [];
  for (const entry of [listenHost, ...allowedHosts]) {
    const name = entry
      .trim()
      .toLowerCase()
      .replace(/^\[(.*)\]$/, '$1')
      .replace(/\.$/, '');
    if (name.startsWith('.')) suffixes.push(name);
    else if (name) exact.add(name);
  }
  return {
    allows(hostHeader) {
      if (!hostHeader) return false;
      const name = hostName(hostHeader)?.replace(/\.$/, '');
      if (!name) return false;
      if (name === 'localhost' || name.endsWith('.localhost')) return true;
      if (isIP(name)) return true;
      if (exact.has(name)) return true;
      return suffixes.some((s) => name === s.slice(1) || name.endsWith(s));
    },
  };
}

const MISDIRECTED =
  "This server does not answer to that host name. If it is this server's public name, add it to ALLOWED_HOSTS.";

/**
 * Checks the Host header and, when TRUST_PROXY trusts the peer, X-Forwarded-Host (Express's
 * req.host), so a request cannot smuggle a foreign name through either.
 */
export function rejectUnknownHosts(list: HostAllowList): RequestHandler {
  return (req, _res, next) => {
    if (!list.allows(req.headers.host) || !list.allows(req.host)) throw new MisdirectedRequest(MISDIRECTED);
    next();
  };
}
