// Runs fuzz inputs through a target without libFuzzer, so that the seed corpora and
// the regression inputs run in every build (ctest).
//
//   lasso_fuzz_replay TARGET PATH...
//
// TARGET is bytecode, minipy or translator; each PATH is an input file or a directory
// whose files, in its subdirectories too, all are inputs (as libFuzzer reads a corpus
// directory), except those starting with '.' and those in such a directory. A broken
// promise aborts with a message naming the input; otherwise the last line says how
// many ran.
#include "fuzz_input.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct target {
    std::string_view name;
    int (*one_input)(const std::uint8_t*, std::size_t);
};

constexpr target targets[] = {
    {"bytecode", lasso_fuzz::bytecode_one_input},
    {"minipy", lasso_fuzz::minipy_one_input},
    {"translator", lasso_fuzz::translator_one_input},
};

std::vector<std::filesystem::path> inputs_of(const std::filesystem::path& path) {
    std::vector<std::filesystem::path> out;
    if (!std::filesystem::is_directory(path)) {
        out.push_back(path);
        return out;
    }
    for (auto it = std::filesystem::recursive_directory_iterator(path);
         it != std::filesystem::recursive_directory_iterator(); ++it) {
        const bool hidden = it->path().filename().string().front() == '.';
        if (it->is_directory() && hidden) it.disable_recursion_pending();
        else if (it->is_regular_file() && !hidden) out.push_back(it->path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

int main(int argc, char** argv) {
    const auto known = std::find_if(std::begin(targets), std::end(targets),
                                    [&](const target& t) { return argc >= 2 && t.name == argv[1]; });
    if (argc < 3 || known == std::end(targets)) {
        std::fprintf(stderr, "usage: %s bytecode|minipy|translator PATH...\n", argv[0]);
        return 2;
    }
    std::size_t count = 0;
    for (int i = 2; i < argc; ++i) {
        if (!std::filesystem::exists(argv[i])) {
            std::fprintf(stderr, "%s: no such file or directory\n", argv[i]);
            return 2;
        }
        for (const auto& path : inputs_of(argv[i])) {
            std::ifstream file(path, std::ios::binary);
            const std::vector<char> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
            const std::string name = path.string();
            lasso_fuzz::current_input = name.c_str();
            known->one_input(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
            ++count;
        }
    }
    lasso_fuzz::current_input = nullptr;
    std::printf("%s: %zu inputs ran\n", argv[1], count);
    return 0;
}
