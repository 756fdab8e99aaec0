# tools/gdb/ebb.py - task-aware debugging of ebb programs in gdb.
#
#   (gdb) source tools/gdb/ebb.py
#   (gdb) ebb-tasks
#
# Lists every executor (the executor table: the linker section ebb_executors,
# __start_ebb_executors .. __stop_ebb_executors) and every task:
# its name, its state - running (being polled right now), ready (queued on
# its executor), waiting, done or idle - and, for a task suspended at an
# await, the source file:line of that await and its text, and what it waits
# on, named from the symbol table: "-- on queue.receivers (ebb_channel)" (the
# object whose wait list holds the task's ebb_wait), "-- on timer
# sleeper.timer, due at tick N" (an armed ebb_timer of the task).  Those
# are found in the task's own struct (the variable
# that holds it, from the debug info); a wait list outside static storage is
# reported as such.
#
# Where the tasks come from, all three merged:
#   - the task table (EBB_CONFIG_TASK_REGISTRY, ebb/task.h): the linker
#     section ebb_tasks, __start_ebb_tasks .. __stop_ebb_tasks, one entry
#     per task with its name - the variable's, the one given to
#     EBB_TASK_REGISTER, or the last ebb_task_set_name();
#   - the debug info: every statically allocated variable that is, or
#     embeds, an ebb_task (EBB_TASK_DEFINE, or any struct with an
#     `ebb_task task;` member, or an array of them) is a task, named after
#     the variable - this needs nothing in the program, so it also covers
#     files built without the table;
#   - the run queues and the task being polled (tasks outside static
#     storage, named by symbol).
# A name from the table wins over the variable's.
#
# The first line is the current time, "now: tick N" (the time driver's now(), called in
# the target), and each timer says how far ahead it is due ("in 3.2 ms").
# A program built with EBB_CONFIG_TASK_STATS=1 (ebb/stats.h) also shows,
# per task, its polls, their run time and its share of the CPU since
# start, and per executor the share it slept.
# Works on any build with debug info (-g), optimised or not, for both continuation kinds:
#   EBB_CORO_GOTO    co.resume is the byte offset of the resume label from
#                    the label ebb__top of the poll function; both labels are
#                    in the debug info, so the offset maps back to the label
#                    ebb__resume_<line> and its line.
#   EBB_CORO_SWITCH  co.resume is the line number itself.
import gdb

STATES = {0: "idle", 1: "running", 2: "done"}


def _call(expr):
    """An expression evaluated in the target, or None if it cannot be
    (no such function, no usable stack)."""
    try:
        return int(gdb.parse_and_eval(expr))
    except gdb.error:
        return None


def _tick_hz():
    hz = _call("EBB_CONFIG_TICK_HZ")  # with macro information (-g3)
    return hz if hz else 1000000  # ebb's default


def _span(ticks, hz):
    s = ticks / hz
    if abs(s) >= 1:
        return "%.3g s" % s
    if abs(s) >= 1e-3:
        return "%.3g ms" % (s * 1e3)
    return "%.3g us" % (s * 1e6)


NOW = {}  # the current time of the listing being printed


def _sym_name(addr):
    """'blinky' or 'blinky + 4' for an address, from the symbol table."""
    try:
        out = gdb.execute("info symbol 0x%x" % addr, to_string=True).strip()
    except gdb.error:
        return "0x%x" % addr
    if out.startswith("No symbol"):
        return "0x%x" % addr
    return out.split(" in section")[0]


def _label_pc(func_name, label, block):
    """Address of a label of the function whose block is `block`."""
    try:
        sals = gdb.decode_line("%s:%s" % (func_name, label))[1]
    except gdb.error:
        return None
    for sal in sals or ():
        if block.start <= sal.pc < block.end:
            return sal.pc
    return None


def _source_text(symtab, line):
    try:
        with open(symtab.fullname()) as f:
            for i, text in enumerate(f, 1):
                if i == line:
                    return text.strip()
    except OSError:
        pass
    return ""


def where(task):
    """(file, line, text) of the await a task is suspended at, or None."""
    resume = int(task["co"]["resume"])
    if resume == 0:
        return None
    poll = int(task["poll"])
    # Thumb function pointers carry bit 0.
    block = gdb.block_for_pc(poll & ~1)
    if block is None or block.function is None:
        return None
    func = block.function
    symtab = func.symtab
    top = _label_pc(func.name, "ebb__top", block)
    if top is None:  # EBB_CORO_SWITCH: the resume point is the line
        return (symtab.filename, resume, _source_text(symtab, resume))
    offset = resume - 0x10000 if resume >= 0x8000 else resume
    target = top + offset
    # The resume labels are named after their line (ebb__resume_<line>):
    # try the function's lines for the one whose label is at `target`.
    lines = sorted({e.line for e in symtab.linetable()
                    if block.start <= e.pc < block.end and e.line})
    for line in lines:
        if _label_pc(func.name, "ebb__resume_%d" % line, block) == target:
            return (symtab.filename, line, _source_text(symtab, line))
    sal = gdb.find_pc_line(target)
    if sal.symtab is not None:
        return (sal.symtab.filename, sal.line, _source_text(sal.symtab, sal.line))
    return None


def _variables(name):
    """(symbol, value) of every variable called `name`: each file's static
    one and the global one, skipping functions and unreadable values."""
    syms = list(gdb.lookup_static_symbols(name))
    g = gdb.lookup_global_symbol(name)
    if g is not None:
        syms.append(g)
    for sym in syms:
        if not sym.is_variable:
            continue
        try:
            yield sym, sym.value()
        except gdb.error:
            continue


def _symbol_at(addr):
    """(name, value, offset) of the statically allocated variable that holds
    address `addr`, or None (not in static storage, or no debug info)."""
    try:
        out = gdb.execute("info symbol 0x%x" % addr, to_string=True).strip()
    except gdb.error:
        return None
    if out.startswith("No symbol"):
        return None
    name = out.split(" in section")[0].split(" + ")[0].strip()
    for _, v in _variables(name):
        if v.address is None:
            continue
        base = int(v.address)
        if base <= addr < base + v.type.sizeof:
            return name, v, addr - base
    return None


# The objects a task can wait on: a wait list is embedded in each (channel,
# signal, mutex, semaphore, pool, ...); the last waiter's next is its head's
# address with bit 0 set (ebb/driver/list.h, ebb_dlist).
_LIST_TAGS = ("ebb_waitlist", "ebb_dlist")


def _member_at(name, v, off):
    """Descend from variable `name` (value v) to the member at byte offset
    `off`, stopping at a wait list.  Returns (path, value, owner) where owner
    is the struct tag holding the last member (e.g. 'ebb_channel')."""
    path, owner = name, None
    while True:
        t = v.type.strip_typedefs()
        if t.code == gdb.TYPE_CODE_STRUCT:
            if t.tag in _LIST_TAGS:
                return path, v, owner
            for f in t.fields():
                if f.name is None or not hasattr(f, "bitpos"):
                    continue
                fo = f.bitpos // 8
                if fo <= off < fo + f.type.sizeof:
                    owner = t.tag or owner
                    path, v, off = path + "." + f.name, v[f.name], off - fo
                    break
            else:
                return path, v, owner
        elif t.code == gdb.TYPE_CODE_ARRAY and t.target().sizeof:
            i = off // t.target().sizeof
            path, v, off = "%s[%d]" % (path, i), v[i], off - i * t.target().sizeof
        else:
            return path, v, owner


def _list_of(wait):
    """What the linked ebb_wait `wait` waits on: walk its list to the end
    mark, the wait list's head with bit 0 set, and name the object around
    the head from the symbol table."""
    start = int(wait["node"].address)
    n = wait["node"]["next"]
    for _ in range(1000):
        a = int(n)
        if a in (0, start):
            break
        if a & 1:
            r = _symbol_at(a - 1)
            if r is not None:
                path, v, owner = _member_at(*r)
                return "%s (%s)" % (path, owner) if owner else path
            break
        r = _symbol_at(a)
        if r is not None:
            path, v, owner = _member_at(*r)
            if v.type.strip_typedefs().tag in _LIST_TAGS:
                return "%s (%s)" % (path, owner) if owner else path
        n = n.dereference()["next"]
    return "a wait list outside static storage"


def waits_on(addr):
    """What the task at `addr` waits on, as a list of strings: each armed
    timer and linked ebb_wait of its struct (found through
    the debug info of the variable that holds it) that names this task."""
    r = _symbol_at(addr)
    if r is None:
        return []
    name, v, _ = r
    out = []

    def scan(val, path, depth):
        t = val.type.strip_typedefs()
        if depth > 8:
            return
        if t.code == gdb.TYPE_CODE_STRUCT:
            if t.tag == "ebb_task":
                return
            if t.tag == "ebb_timer":
                w = val["wait"]
                if (int(w["link_"][1]) & 1) != 0 and int(w["task"]) == addr:
                    due = int(val["deadline"])
                    when = ""
                    if NOW.get("ticks") is not None:
                        when = " (in %s)" % _span(due - NOW["ticks"], NOW["hz"])
                    out.append("timer %s, due at tick %d%s" % (path, due, when))
                return
            if t.tag == "ebb_wait":
                if int(val["node"]["next"]) != 0 and int(val["task"]) == addr:
                    out.append(_list_of(val))
                return
            for f in t.fields():
                if f.name:
                    scan(val[f.name], path + "." + f.name, depth + 1)
        elif t.code == gdb.TYPE_CODE_ARRAY:
            lo, hi = t.range()
            if hi - lo < 256:
                for i in range(lo, hi + 1):
                    scan(val[i], "%s[%d]" % (path, i), depth + 1)

    scan(v, name, 0)
    return out


def _embeds_task(t):
    """Offset of the ebb_task inside type t (a task struct), or None."""
    t = t.strip_typedefs()
    if t.code == gdb.TYPE_CODE_STRUCT:
        if t.tag == "ebb_task":
            return 0
        for f in t.fields():
            ft = f.type.strip_typedefs()
            if ft.code == gdb.TYPE_CODE_STRUCT and ft.tag == "ebb_task":
                return f.bitpos // 8
    return None


def _static_tasks():
    """(name, address) of every statically allocated task: each variable
    (global or file/function static) that is, or embeds, an ebb_task, or an
    array of those.  The debug info is the registry: nothing is added to the
    program."""
    out = gdb.execute("info variables -q -n", to_string=True)
    names = set()
    for line in out.splitlines():
        line = line.strip()
        if not line or line.startswith("File ") or ":" not in line:
            continue
        decl = line.split(":", 1)[1].strip().rstrip(";")
        if "(" in decl:
            continue  # function pointers and the like
        ident = decl.split("[")[0].split()[-1].lstrip("*")
        names.add(ident)
    found = []
    seen = set()
    for n in sorted(names):
        for sym, v in _variables(n):
            t = sym.type.strip_typedefs()
            items = [(n, v)]
            if t.code == gdb.TYPE_CODE_ARRAY:
                lo, hi = t.range()
                items = [("%s[%d]" % (n, i), v[i]) for i in range(lo, hi + 1)]
            for name, val in items:
                off = _embeds_task(val.type)
                if off is None or val.address is None:
                    continue
                addr = int(val.address) + off
                if addr not in seen:
                    seen.add(addr)
                    found.append((name, addr))
    return found


def _table_tasks():
    """(name, address) of every task in the task table (the linker section
    ebb_tasks), or [] when the program has none."""
    try:
        start = int(gdb.parse_and_eval("(unsigned long)&__start_ebb_tasks"))
        end = int(gdb.parse_and_eval("(unsigned long)&__stop_ebb_tasks"))
        entry_t = gdb.lookup_type("ebb_task_entry")
    except gdb.error:
        return []
    out = []
    if start == 0 or end <= start:
        return out
    for a in range(start, end, entry_t.sizeof):
        e = gdb.Value(a).cast(entry_t.pointer()).dereference()
        task = int(e["task"])
        name = None
        try:
            p = e["name"].dereference()
            if int(p) != 0:
                name = p.string()
        except (gdb.error, gdb.MemoryError):
            pass
        out.append((name or _sym_name(task), task))
    return out


def _queued(ex):
    """Task addresses in an executor's run queue, in order."""
    task_t = gdb.lookup_type("ebb_task")
    node_off = int(gdb.parse_and_eval("(unsigned long)&((ebb_task *)0)->node"))
    # The queue is one pointer, to its last node, whose next is the first.
    last = ex["ready"]["tail"]
    out = []
    if int(last) == 0:
        return out
    node = last["next"]
    guard = 0
    while int(node) != 0 and guard < 1000:
        out.append(int(node) - node_off)
        if int(node) == int(last):
            break
        node = node["next"]
        guard += 1
    return out


def _has_field(v, name):
    return any(f.name == name for f in v.type.strip_typedefs().fields())


class EbbTasks(gdb.Command):
    """List ebb's executors and tasks: name, state, where each is suspended."""

    def __init__(self):
        super().__init__("ebb-tasks", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        # The table is the linker section of EBB_EXECUTOR_DEFINE's entries.
        ptr_t = gdb.lookup_type("ebb_executor").pointer().pointer()
        table = gdb.parse_and_eval("(unsigned long)&__start_ebb_executors").cast(ptr_t)
        end = int(gdb.parse_and_eval("(unsigned long)&__stop_ebb_executors"))
        n = (end - int(table)) // ptr_t.target().sizeof
        cur = None  # a task being polled has its busy bit (4) set
        task_ptr_t = gdb.lookup_type("ebb_task").pointer()
        tasks = {addr: name for name, addr in _static_tasks()}
        tasks.update({addr: name for name, addr in _table_tasks()})
        queued_on = {}
        executors = []
        NOW["ticks"] = _call("(unsigned long long)ebb_time_driver_now()")
        NOW["hz"] = _tick_hz()
        NOW["clock"] = _call("ebb_profile_clock()")
        NOW["clock_hz"] = _call("ebb_profile_clock_hz()")
        if NOW["ticks"] is not None:
            print("now: tick %d (%s since start)" % (NOW["ticks"], _span(NOW["ticks"], NOW["hz"])))
        for i in range(n):
            ex = table[i]
            if int(ex) == 0:
                continue
            q = _queued(ex.dereference())
            for a in q:
                queued_on[a] = i
                tasks.setdefault(a, _sym_name(a))
            executors.append((i, ex))
        for i, ex in executors:
            pend = int(ex["pend"])
            kind = ("interrupt executor, pender %s" % _sym_name(pend & ~1)) if pend else "thread mode"
            stats = ""
            if NOW["clock"] and _has_field(ex.dereference(), "idle") and pend == 0:
                stats = ", asleep %.1f %% of the time" % (100.0 * int(ex["idle"]) / NOW["clock"])
            print("executor %d %s (%s%s)" % (i, _sym_name(int(ex)), kind, stats))
            for addr, name in sorted(tasks.items(), key=lambda kv: kv[1]):
                t = gdb.Value(addr).cast(task_ptr_t).dereference()
                if (int(t["state"]) & 3) == 0 or int(t["exec"]) != i:
                    continue
                self._task(t, addr, name, cur, queued_on)
        idle = [(a, nm) for a, nm in tasks.items()
                if (int(gdb.Value(a).cast(task_ptr_t).dereference()["state"]) & 3) == 0]
        if idle:
            print("not spawned (or cancelled)")
            for addr, name in sorted(idle, key=lambda kv: kv[1]):
                t = gdb.Value(addr).cast(task_ptr_t).dereference()
                self._task(t, addr, name, cur, queued_on)

    @staticmethod
    def _task(t, addr, name, cur, queued_on):
        state = STATES.get((int(t["state"]) & 3), "?")
        if state == "running":
            if int(t["state"]) & 4:
                state = "running"
            elif addr in queued_on:
                state = "ready"
            else:
                state = "waiting"
        w = where(t) if state in ("running", "ready", "waiting") else None
        loc = ""
        if w is not None:
            loc = "%s:%d  %s" % (w[0].split("/")[-1], w[1], w[2])
        elif state in ("running", "ready"):
            loc = "(at the start)"
        if state in ("ready", "waiting"):
            on = waits_on(addr)
            if on:
                loc += "  -- on " + ", ".join(on)
        if _has_field(t, "polls"):
            polls, run = int(t["polls"]), int(t["run"])
            share = ""
            if NOW.get("clock"):
                share = ", %.2f %% CPU" % (100.0 * run / NOW["clock"])
            span = _span(run, NOW["clock_hz"]) if NOW.get("clock_hz") else "%d ticks" % run
            loc += "  [%d polls, %s%s]" % (polls, span, share)
        print("  %-14s %-8s %s" % (name, state, loc))


EbbTasks()


class EbbTrace(gdb.Command):
    """ebb-trace FILE: copy the trace ring (ebb/trace.h, a build with
    EBB_CONFIG_TRACE=1) out of the halted target into FILE as a trace
    stream - the header, the undrained records in order, and a LOST record
    when events were dropped - for scripts/ebb_trace.py.  The target's ring
    is left as it is."""

    def __init__(self):
        super().__init__("ebb-trace", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        import struct
        path = arg.strip()
        if not path:
            raise gdb.GdbError("usage: ebb-trace FILE")
        try:
            ring = gdb.parse_and_eval("ebb_trace_ring")
        except gdb.error:
            raise gdb.GdbError("no ebb_trace_ring: the program was built without EBB_CONFIG_TRACE=1")
        head, tail = int(ring["head"]), int(ring["tail"])
        size = int(ring["size"])
        lost = int(ring["lost"]) - int(ring["reported"])
        hz = _call("ebb_profile_clock_hz()") or 1000000
        inferior = gdb.selected_inferior()
        base = int(ring["rec"].address)
        n = (head - tail) & 0xFFFFFFFF
        out = bytearray(b"EBBT" + struct.pack("<HHI", 1, 12, hz))
        for i in range(n):
            slot = (tail + i) % size
            out += bytes(inferior.read_memory(base + 12 * slot, 12))
        if lost:
            last = struct.unpack_from("<I", out, len(out) - 12)[0] if n else 0
            out += struct.pack("<IIHBB", last, lost, 0, 14, 0)
        with open(path, "wb") as f:
            f.write(out)
        print("ebb-trace: %d records%s written to %s" % (n, ", %d lost" % lost if lost else "", path))


EbbTrace()
