//! Work spread over threads for the examples: each job once, the results in job order
//! whatever the number of threads.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// `work(job)` for every job of `0..total` on `threads` threads; the results in job order.
pub fn in_parallel<T: Send>(total: u64, threads: usize, work: impl Fn(u64) -> T + Sync) -> Vec<T> {
    let next = AtomicU64::new(0);
    let done = Mutex::new(Vec::with_capacity(total as usize));
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let job = next.fetch_add(1, Ordering::Relaxed);
                    if job >= total {
                        break;
                    }
                    let result = work(job);
                    done.lock().unwrap().push((job, result));
                }
            });
        }
    });
    let mut done = done.into_inner().unwrap();
    done.sort_by_key(|(job, _)| *job);
    done.into_iter().map(|(_, r)| r).collect()
}

/// The threads to use: every core.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
