# Runs a command on a pseudo-terminal, types the given keystrokes one chunk at a time, and prints
# what the terminal showed and the exit code: how a person at a terminal uses the CLI.
import os, pty, sys, time, json
keys = json.loads(sys.argv[1])
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])
out = b''
def read(seconds):
    global out
    end = time.time() + seconds
    while time.time() < end:
        try:
            import select
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                out += os.read(fd, 65536)
        except OSError:
            return
for key in keys:
    read(1.0)
    os.write(fd, key.encode())
read(3.0)
_, status = os.waitpid(pid, 0)
sys.stdout.write(json.dumps({'output': out.decode('utf-8', 'replace'), 'code': os.waitstatus_to_exitcode(status)}))
