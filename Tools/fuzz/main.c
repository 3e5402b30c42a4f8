// The `fuzz` executable. Built with `--sanitize=fuzzer` (as .ci/run's fuzz step builds it),
// libFuzzer's own `main` is linked whole and wins over the weak one below, and fuzzes
// `LLVMFuzzerTestOneInput` (Tools/FuzzTargets, FuzzEntryPoint.swift). In an ordinary build
// this `main` is the only one: it replays the files and folders it is given, one input each,
// through the target EXCELSIOR_FUZZ_TARGET names, as libFuzzer does with file arguments.
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

// Replays the file or folder at `path`; the number of inputs replayed, or -1 when one cannot be read.
static int replay(const char *path) {
    struct stat status;
    if (stat(path, &status) != 0) {
        fprintf(stderr, "fuzz: cannot read %s\n", path);
        return -1;
    }
    if (S_ISDIR(status.st_mode)) {
        DIR *directory = opendir(path);
        if (directory == NULL) {
            fprintf(stderr, "fuzz: cannot read %s\n", path);
            return -1;
        }
        int count = 0;
        struct dirent *entry;
        while ((entry = readdir(directory)) != NULL) {
            if (entry->d_name[0] == '.') continue;
            char child[4096];
            snprintf(child, sizeof child, "%s/%s", path, entry->d_name);
            int replayed = replay(child);
            if (replayed < 0) {
                closedir(directory);
                return -1;
            }
            count += replayed;
        }
        closedir(directory);
        return count;
    }
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        fprintf(stderr, "fuzz: cannot read %s\n", path);
        return -1;
    }
    // Exactly the input's size, so a read past its end is a read past the allocation.
    uint8_t *bytes = malloc(status.st_size > 0 ? (size_t)status.st_size : 1);
    size_t size = fread(bytes, 1, (size_t)status.st_size, file);
    fclose(file);
    LLVMFuzzerTestOneInput(bytes, size);
    free(bytes);
    return 1;
}

__attribute__((weak)) int main(int argc, char **argv) {
    if (argc < 2 || argv[1][0] == '-') {
        fprintf(stderr,
                "usage: EXCELSIOR_FUZZ_TARGET=<target> fuzz <file or folder>...\n"
                "This build has no libFuzzer: it replays inputs. To fuzz, build it as .ci/run's step 7 does\n"
                "(docs/TESTING.md, \"Fuzzing\").\n");
        return 64;
    }
    int count = 0;
    for (int index = 1; index < argc; index++) {
        int replayed = replay(argv[index]);
        if (replayed < 0) return 66;
        count += replayed;
    }
    printf("fuzz: replayed %d inputs, no check failed\n", count);
    return 0;
}
