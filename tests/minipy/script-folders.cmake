# minipy_script_folders(OUT): the folders of tests/minipy/scripts/ (absolute paths,
# sorted), one per feature. Every script lives in one of them; a new folder, or a
# script left at the top, re-runs the configuration.
function(minipy_script_folders out)
    set(scripts "${PROJECT_SOURCE_DIR}/tests/minipy/scripts")
    file(GLOB entries LIST_DIRECTORIES true CONFIGURE_DEPENDS "${scripts}/*")
    set(folders "")
    foreach(entry IN LISTS entries)
        get_filename_component(name "${entry}" NAME)
        if(IS_DIRECTORY "${entry}" AND NOT name MATCHES "^\\.")
            list(APPEND folders "${entry}")
        elseif(name MATCHES "\\.py$")
            message(FATAL_ERROR "${entry}: minipy scripts live in a feature folder of "
                "${scripts} (its README.md lists them); no test would check this one")
        endif()
    endforeach()
    list(SORT folders)
    set(${out} "${folders}" PARENT_SCOPE)
endfunction()
