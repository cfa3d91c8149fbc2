//! The little HTTP/1.1 the server speaks, on the standard library's sockets: one request per
//! connection, read within limits of size and time, answered with `Connection: close`.
//!
//! Invariants: no more than [`MAX_HEAD`] bytes of a request's line and headers and
//! [`MAX_BODY`] bytes of its body are ever read into memory, whatever `Content-Length` the
//! client sends (a larger one is refused before the body is read); a request that has not
//! arrived whole within [`READ_TIME`] is refused; every answer is written within
//! [`WRITE_TIME`] or dropped.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::time::{Duration, Instant};

use super::answer::Answer;

/// The most bytes of a request's line and headers.
pub const MAX_HEAD: usize = 16 << 10;

/// The most headers in a request.
pub const MAX_HEADERS: usize = 64;

/// The largest request body read: a whole game's log fits many times over.
pub const MAX_BODY: usize = 1 << 20;

/// The time a request has to arrive whole, from its connection.
pub const READ_TIME: Duration = Duration::from_secs(10);

/// The time an answer has to be taken by the client.
pub const WRITE_TIME: Duration = Duration::from_secs(10);

/// A request's line and headers.
pub struct Head {
    pub method: String,
    pub target: String,
    /// Names in lower case, values trimmed, in the order sent.
    headers: Vec<(String, String)>,
}

impl Head {
    /// The value of header `name` (lower case), when it is sent once.
    pub fn header(&self, name: &str) -> Option<&str> {
        let mut found = self.headers.iter().filter(|(n, _)| n == name);
        match (found.next(), found.next()) {
            (Some((_, v)), None) => Some(v),
            _ => None,
        }
    }

    /// Whether header `name` is sent at all (once or more).
    pub fn has(&self, name: &str) -> bool {
        self.headers.iter().any(|(n, _)| n == name)
    }
}

/// One connection: its socket, what has been read of it and the time its request must have
/// arrived by.
pub struct Conn {
    stream: TcpStream,
    buf: Vec<u8>,
    deadline: Instant,
    /// Whether the request was read whole (then nothing is left to drop before closing).
    whole: bool,
}

impl Conn {
    pub fn new(stream: TcpStream) -> Conn {
        let _ = stream.set_nodelay(true);
        let _ = stream.set_write_timeout(Some(WRITE_TIME));
        Conn {
            stream,
            buf: Vec::new(),
            deadline: Instant::now() + READ_TIME,
            whole: false,
        }
    }

    /// Reads some more bytes (at most `most` in the buffer); false at the end of the stream.
    fn fill(&mut self, most: usize) -> Result<bool, Answer> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(too_slow());
        }
        let _ = self.stream.set_read_timeout(Some(left));
        let mut chunk = [0u8; 8192];
        let room = most.saturating_sub(self.buf.len()).clamp(1, chunk.len());
        match self.stream.read(&mut chunk[..room]) {
            Ok(0) => Ok(false),
            Ok(n) => {
                self.buf.extend_from_slice(&chunk[..n]);
                Ok(true)
            }
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                Err(too_slow())
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => Ok(true),
            Err(_) => Err(Answer::refuse(400, "the request could not be read")),
        }
    }

    /// The request's line and headers; what follows them stays in the buffer.
    pub fn read_head(&mut self) -> Result<Head, Answer> {
        let end = loop {
            if let Some(i) = self.buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break i;
            }
            if self.buf.len() > MAX_HEAD {
                return Err(head_too_large());
            }
            if !self.fill(MAX_HEAD + 4)? {
                return Err(Answer::refuse(
                    400,
                    "the request ended before its headers did",
                ));
            }
        };
        if end > MAX_HEAD {
            return Err(head_too_large());
        }
        let head = std::str::from_utf8(&self.buf[..end])
            .map_err(|_| Answer::refuse(400, "the request's headers are not text"))?;
        let head = parse_head(head)?;
        self.buf.drain(..end + 4);
        Ok(head)
    }

    /// The body `head` announces: at most [`MAX_BODY`] bytes, never more than are read.
    pub fn read_body(&mut self, head: &Head) -> Result<Vec<u8>, Answer> {
        if head.has("transfer-encoding") {
            return Err(Answer::refuse(
                501,
                "a body in chunks is not read here: send it with a Content-Length",
            ));
        }
        let length = match (head.has("content-length"), head.header("content-length")) {
            (false, _) => 0,
            (true, Some(v)) if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => {
                // A number too large for u64 is as refused as one too large for the limit.
                v.parse::<u64>().unwrap_or(u64::MAX)
            }
            _ => return Err(Answer::refuse(400, "the Content-Length is not one number")),
        };
        if length > MAX_BODY as u64 {
            return Err(Answer::refuse(
                413,
                format!("the request's body is larger than {MAX_BODY} bytes"),
            ));
        }
        let length = length as usize;
        if length > self.buf.len()
            && head
                .header("expect")
                .is_some_and(|e| e.eq_ignore_ascii_case("100-continue"))
        {
            let _ = self.stream.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
        }
        while self.buf.len() < length {
            if !self.fill(length)? {
                return Err(Answer::refuse(
                    400,
                    "the request ended before its Content-Length",
                ));
            }
        }
        self.whole = self.buf.len() == length;
        self.buf.truncate(length);
        Ok(std::mem::take(&mut self.buf))
    }

    /// Writes the answer and closes the connection. What the client is still sending (a
    /// request refused before it was read whole) is read and dropped for a moment, so that
    /// closing does not reset the connection before the client has read the answer. The
    /// answer to a `HEAD` (`headers_only`) says the length of the body a `GET` would have,
    /// without it.
    pub fn answer(mut self, status: u16, kind: &str, body: &[u8], headers_only: bool) {
        let head = format!(
            "HTTP/1.1 {status} {}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
             Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
             Connection: close\r\n\r\n",
            reason(status),
            body.len()
        );
        let sent = self
            .stream
            .write_all(head.as_bytes())
            .and_then(|()| self.stream.write_all(if headers_only { &[] } else { body }))
            .and_then(|()| self.stream.flush());
        if sent.is_err() || self.whole {
            return;
        }
        let _ = self.stream.shutdown(Shutdown::Write);
        let _ = self
            .stream
            .set_read_timeout(Some(Duration::from_millis(500)));
        let mut sink = [0u8; 8192];
        let mut drained = 0;
        while drained < 4 * MAX_BODY {
            match self.stream.read(&mut sink) {
                Ok(0) | Err(_) => break,
                Ok(n) => drained += n,
            }
        }
    }
}

fn too_slow() -> Answer {
    Answer::refuse(
        408,
        format!(
            "the request did not arrive whole within {} s",
            READ_TIME.as_secs()
        ),
    )
}

fn head_too_large() -> Answer {
    Answer::refuse(
        431,
        format!("the request's line and headers are larger than {MAX_HEAD} bytes"),
    )
}

fn parse_head(text: &str) -> Result<Head, Answer> {
    let bad = |why: &str| Answer::refuse(400, format!("a malformed request: {why}"));
    let mut lines = text.split("\r\n");
    let line = lines.next().unwrap_or_default();
    let mut parts = line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad("its first line is not METHOD TARGET HTTP/1.1"));
    };
    if !version.starts_with("HTTP/1.") || method.is_empty() || !target.starts_with('/') {
        return Err(bad("its first line is not METHOD /PATH HTTP/1.1"));
    }
    let mut headers = Vec::new();
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            return Err(bad("a header line without a colon"));
        };
        if name.is_empty() || name.bytes().any(|b| b.is_ascii_whitespace()) {
            return Err(bad("a header's name is empty or holds a space"));
        }
        headers.push((name.to_ascii_lowercase(), value.trim().to_string()));
    }
    if headers.len() > MAX_HEADERS {
        return Err(Answer::refuse(
            431,
            format!("the request has more than {MAX_HEADERS} headers"),
        ));
    }
    Ok(Head {
        method: method.to_string(),
        target: target.to_string(),
        headers,
    })
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        201 => "Created",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        408 => "Request Timeout",
        409 => "Conflict",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        503 => "Service Unavailable",
        _ => "",
    }
}
