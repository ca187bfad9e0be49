import ShopKit
import Testing

@testable import shop

/// `sync`'s refusals are worded by the command line (ShopKit returns ``SyncRefusal``): each case's
/// message, hint and exit code, as `sync` printed them when ShopKit still wrote the words. The git
/// situations behind most of them are staged for real in `Commands/SyncUserWorkTests`.
@Suite struct SyncRefusalWordingTests {
    func report(_ refusal: SyncRefusal) -> ErrorReport { ErrorReport(.syncRefused(refusal)) }

    @Test func workInProgressNamesTheOperationItsUnmergedFilesAndHowToFinish() {
        let merge = report(.workInProgress(.merge, folder: "/home/ana/list", unmerged: ["notes.txt"]))
        #expect(merge.exitCode == 1)
        #expect(
            merge.text == """
                Error: a merge is in progress in /home/ana/list (unmerged: notes.txt); sync leaves it alone
                Hint: finish it with 'git commit' to finish it or 'git merge --abort', then 'shop sync'; your list is safe in its file and goes out with that sync

                """)
        let rebase = report(.workInProgress(.rebase, folder: "/r", unmerged: []))
        #expect(rebase.message == "a rebase is in progress in /r; sync leaves it alone")
        #expect(rebase.hint?.hasPrefix("finish it with 'git rebase --continue' or 'git rebase --abort', then") == true)
        #expect(
            report(.workInProgress(.cherryPick, folder: "/r", unmerged: [])).hint?
                .hasPrefix("finish it with 'git cherry-pick --continue' or '--abort', then 'shop sync'") == true)
        #expect(
            report(.workInProgress(.revert, folder: "/r", unmerged: [])).hint?
                .hasPrefix("finish it with 'git revert --continue' or '--abort', then 'shop sync'") == true)
    }

    @Test func aForeignLockIsNamedWithAShellWordToRemoveIt() {
        let lock = report(.foreignLock(lock: "/my list/.git/index.lock", folder: "/my list"))
        #expect(
            lock.message
                == "/my list/.git/index.lock exists: another git command is running in /my list, or one was killed")
        #expect(
            lock.hint
                == "if no git command is running there, remove it (rm '/my list/.git/index.lock') and run 'shop sync' again"
        )
    }

    @Test func filesChangedOnBothSidesAreLeftToAMergeByHand() {
        let files = ["a", "b", "c", "d", "e", "f", "g"]
        let related = report(.sameFilesChanged(files, branch: "main", unrelated: false, folder: "/it's"))
        #expect(related.message == "origin/main and this repository changed the same files: a, b, c, d, e and 2 more")
        #expect(
            related.hint
                == "merge them by hand (git -C '/it'\\''s' merge origin/main), then 'shop sync'; the list's own changes are committed and safe and go out with that sync"
        )
        let unrelated = report(.sameFilesChanged(["a"], branch: "main", unrelated: true, folder: "/r"))
        #expect(
            unrelated.hint?.hasPrefix("merge them by hand (git -C /r merge --allow-unrelated-histories origin/main)")
                == true)
    }

    @Test func theOtherRefusals() {
        let local = report(.localChangesToIncoming(["notes.txt"]))
        #expect(local.message == "you have local changes to files that the incoming commits change: notes.txt")
        #expect(
            local.hint
                == "commit or stash them ('git stash'), then 'shop sync'; the list's own changes are committed and safe and go out with that sync"
        )
        let link = report(.dataFileIsLink(path: "/r/shop.json"))
        #expect(link.message == "the data file /r/shop.json is a symbolic link: git would share the link, not the list")
        #expect(
            link.hint
                == "keep the data file itself in the repository (move it there, and point a link at it if you need one)"
        )
        let detached = report(.detachedHead(folder: "/r"))
        #expect(detached.message == "the repository /r is not on a branch (detached HEAD)")
        #expect(detached.hint == "check out the branch the list lives on ('git switch main'), then 'shop sync'")
        let timeout = report(.invalidTimeout("soon"))
        #expect(timeout.message == "SHOP_SYNC_TIMEOUT is \"soon\", not a number of seconds")
        #expect(timeout.hint == "set it to a number above 0 (the default is 60), or unset it")
        let branch = report(.newBranch("main", others: ["trunk", "old"], folder: "/my list"))
        #expect(branch.message == "origin has no branch 'main', but has trunk, old; sync will not start another")
        #expect(branch.hint == "to share the list on 'trunk': git -C '/my list' branch -m main trunk; then 'shop sync'")
    }
}
