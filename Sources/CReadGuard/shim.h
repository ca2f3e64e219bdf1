// A mapped input that shrinks while it is read: reading a page past the file's new end raises SIGBUS,
// which would end the process. The handler here, for a fault inside a mapping registered with it, puts
// zero-filled memory over the rest of that mapping (so the read goes on, and reads zeros) and marks the
// mapping faulted; the reader then reports the file as changed while it was read. A fault anywhere
// else gets the action from before back and happens again, as if the handler had not been there.
// Nothing here allocates or locks; the handler uses only mmap, sigaction and atomics.
#ifndef TILEGRID_CREADGUARD_SHIM_H
#define TILEGRID_CREADGUARD_SHIM_H
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#define TG_GUARD_SLOTS 64

/// One registered mapping: `state` 0 free, 1 claimed (being filled in), 2 in force.
struct tg_guard_slot {
  uintptr_t start;
  uintptr_t end;
  uintptr_t page;
  int state;
  int faulted;
};

struct tg_guard {
  struct tg_guard_slot slots[TG_GUARD_SLOTS];
  struct sigaction previous;
};

// Aggregates are kept in a function's static variable: Swift's importer emits a header's static
// scalars but not its static arrays and structures.
static inline struct tg_guard *tg_guard(void) {
  static struct tg_guard guard;
  return &guard;
}

static void tg_guard_handler(int signal_number, siginfo_t *info, void *context) {
  (void)context;
  int saved = errno;
  struct tg_guard *guard = tg_guard();
  uintptr_t address = (uintptr_t)info->si_addr;
  for (int i = 0; i < TG_GUARD_SLOTS; i++) {
    struct tg_guard_slot *slot = &guard->slots[i];
    if (__atomic_load_n(&slot->state, __ATOMIC_ACQUIRE) != 2) continue;
    if (address < slot->start || address >= slot->end) continue;
    uintptr_t from = address & ~(slot->page - 1);
    void *zeros = mmap((void *)from, slot->end - from, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    if (zeros == MAP_FAILED) break;
    __atomic_store_n(&slot->faulted, 1, __ATOMIC_RELEASE);
    errno = saved;
    return;
  }
  // Not a registered mapping's (or the zeros could not be mapped): the fault happens again under the
  // action from before (the default ends the process; the Swift runtime's prints a backtrace).
  sigaction(signal_number, &guard->previous, NULL);
  errno = saved;
}

/// Makes the handler SIGBUS's action, keeping the one it replaces (unless it is already the action).
static inline int tg_guard_install(void) {
  struct tg_guard *guard = tg_guard();
  struct sigaction current;
  if (sigaction(SIGBUS, NULL, &current) != 0) return -1;
  if ((current.sa_flags & SA_SIGINFO) && current.sa_sigaction == tg_guard_handler) return 0;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = tg_guard_handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_SIGINFO;
  guard->previous = current;
  return sigaction(SIGBUS, &action, NULL);
}

/// Registers the mapping [start, start + length) (`page`: the page size, a power of two), installing
/// the handler; returns its slot, or -1 when every slot is taken or the handler cannot be installed
/// (the caller then reads the file instead of mapping it).
static inline int tg_guard_register(const void *start, size_t length, size_t page) {
  struct tg_guard *guard = tg_guard();
  if (tg_guard_install() != 0) return -1;
  for (int i = 0; i < TG_GUARD_SLOTS; i++) {
    struct tg_guard_slot *slot = &guard->slots[i];
    int expected = 0;
    if (!__atomic_compare_exchange_n(&slot->state, &expected, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) continue;
    slot->start = (uintptr_t)start;
    slot->end = ((uintptr_t)start + length + page - 1) & ~((uintptr_t)page - 1);
    slot->page = page;
    __atomic_store_n(&slot->faulted, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&slot->state, 2, __ATOMIC_RELEASE);
    return i;
  }
  return -1;
}

/// Whether a read of the slot's mapping touched a page past the file's end (zeros were read there).
static inline int tg_guard_faulted(int slot) {
  if (slot < 0 || slot >= TG_GUARD_SLOTS) return 0;
  return __atomic_load_n(&tg_guard()->slots[slot].faulted, __ATOMIC_ACQUIRE);
}

/// Lets go of a slot, before its mapping is unmapped.
static inline void tg_guard_unregister(int slot) {
  if (slot < 0 || slot >= TG_GUARD_SLOTS) return;
  __atomic_store_n(&tg_guard()->slots[slot].state, 0, __ATOMIC_RELEASE);
}

#endif
