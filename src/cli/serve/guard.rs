//! The loopback guard: which requests the server carries out at all. A web page the person
//! visits elsewhere can send requests to a server on loopback (a form, a `no-cors` fetch), and
//! by DNS rebinding a name of its own can come to point at 127.0.0.1 and read the answers.
//! So, before anything is done with a request:
//!
//! - its `Host` must name this server: a loopback name (`localhost`, `127.0.0.1`, `[::1]`), the
//!   address it was bound to, or a name `--allow-host` gives, with the served port (a
//!   rebound name is refused);
//! - its `Origin`, when sent, must be this server's (`http://` and such a host): a page of
//!   another site is refused;
//! - a request that changes anything (any method but `GET` and `HEAD`) must carry
//!   `Content-Type: application/json`, which a page of another site cannot send without the
//!   browser asking first (a CORS preflight, which is refused).

use std::net::IpAddr;

use super::answer::Answer;
use super::http::Head;

pub struct Guard {
    port: u16,
    /// The host names accepted, in lower case (an IPv6 address in brackets).
    names: Vec<String>,
}

impl Guard {
    pub fn new(bind: IpAddr, port: u16, allowed: &[String]) -> Guard {
        let mut names: Vec<String> = ["localhost", "127.0.0.1", "[::1]"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        if !bind.is_unspecified() {
            names.push(match bind {
                IpAddr::V4(a) => a.to_string(),
                IpAddr::V6(a) => format!("[{a}]"),
            });
        }
        names.extend(allowed.iter().map(|n| n.to_ascii_lowercase()));
        Guard { port, names }
    }

    /// Whether `host` (`name:port`, as `Host` sends it) is this server.
    fn ours(&self, host: &str) -> bool {
        let host = host.to_ascii_lowercase();
        let (name, port) = match host.rfind(':') {
            // `[::1]` alone has colons but no port.
            Some(i) if !host[i..].contains(']') => (&host[..i], Some(&host[i + 1..])),
            _ => (&host[..], None),
        };
        let port_ok = match port {
            Some(p) => p.parse::<u16>().ok() == Some(self.port),
            None => self.port == 80,
        };
        port_ok && self.names.iter().any(|n| n == name)
    }

    /// Nothing when the request may be carried out; the refusal otherwise.
    pub fn check(&self, head: &Head) -> Result<(), Answer> {
        let Some(host) = head.header("host") else {
            return Err(Answer::refuse(400, "a request names its Host, once"));
        };
        if !self.ours(host) {
            return Err(Answer::refuse(
                403,
                format!(
                    "the Host {host:?} is not this server: open http://127.0.0.1:{}/ \
                     (other names are refused, so that a web page cannot reach the server \
                     under a name of its own)",
                    self.port
                ),
            ));
        }
        if head.has("origin") {
            let origin = head.header("origin").unwrap_or_default();
            let ours = origin.strip_prefix("http://").is_some_and(|h| self.ours(h));
            if !ours {
                return Err(Answer::refuse(
                    403,
                    format!(
                        "a request from {origin:?} is refused: only the page this server \
                         serves may play here"
                    ),
                ));
            }
        }
        if !matches!(head.method.as_str(), "GET" | "HEAD") {
            let json = head.header("content-type").is_some_and(|t| {
                t.split(';')
                    .next()
                    .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
            });
            if !json {
                return Err(Answer::refuse(
                    415,
                    format!(
                        "a {} request carries Content-Type: application/json (a log is sent \
                         as {{\"log\": \"…\"}})",
                        head.method
                    ),
                ));
            }
        }
        Ok(())
    }
}
